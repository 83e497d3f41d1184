import { z } from 'zod';
import { Challenge, ClientInfo, MessageBody, NotificationPage, Session } from './accounts.ts';
import { DeliveryAddress, Place, SavedAddress } from './addresses.ts';
import { Category, CategoryDetail, Contact, ProductDetail, ProductSummary } from './catalogue.ts';
import { dataOf, messageOf, pagedOf } from './common.ts';
import {
  Banner,
  Collection,
  CollectionProducts,
  ContentPage,
  ReceivedPartnerApplication,
} from './content.ts';
import { Brand, BrandFacet, BrandRef, ListFilters, PriceRange } from './listing.ts';
import {
  Card,
  CardAdded,
  CreditLimit,
  Guarantor,
  RelativeType,
  ScoringDecision,
  ScoringState,
} from './scoring.ts';
import { SearchResult } from './search.ts';
import {
  AddedFavorite,
  BasketInfo,
  BasketLine,
  DeletedBasketLines,
  SavedBasketLine,
} from './shopping.ts';

/**
 * The body of every successful answer, by method and path as the API declares its routes. A
 * failed answer is an `ErrorBody`. The storefront's tests check their fetch stubs against it.
 */
export const API_RESPONSES = {
  'GET /categories/top': dataOf(z.array(Category)),
  'GET /categories/all': dataOf(z.array(Category)),
  'GET /categories/:id': dataOf(CategoryDetail),
  'GET /category-products/:categoryId': pagedOf(ProductSummary),
  'GET /categories/filters-all/:id': dataOf(ListFilters),
  'GET /categories/brands/:id': dataOf(z.array(BrandFacet)),
  'GET /categories/prices/:id': dataOf(PriceRange),
  'GET /products/famous': dataOf(z.array(ProductSummary)),
  'GET /products/:id': dataOf(ProductDetail),
  'GET /products/list/:slug': pagedOf(ProductSummary),
  'GET /products/list-filters/:slug': dataOf(ListFilters),
  'GET /products/similar/:id': pagedOf(ProductSummary),
  'GET /products/similar-filters/:id': dataOf(ListFilters),
  'GET /brands': pagedOf(Brand),
  'GET /brands/:slug': dataOf(BrandRef),
  'GET /brands/filters/:slug': dataOf(ListFilters),
  'GET /brand-products/:slug': pagedOf(ProductSummary),
  'GET /collections': dataOf(z.array(Collection)),
  'GET /products/collection/:id': CollectionProducts,
  'GET /products/collection-filters/:id': dataOf(ListFilters),
  'GET /search': dataOf(SearchResult),
  'GET /search/filters': dataOf(ListFilters),
  'GET /contacts': dataOf(z.array(Contact)),
  'GET /contents/:slug': dataOf(ContentPage),
  'GET /banners': dataOf(z.array(Banner)),
  'POST /partners': ReceivedPartnerApplication,
  'POST /clients/send-code': dataOf(Challenge),
  'POST /clients/resend-code': dataOf(Challenge),
  'POST /clients/sign-in': dataOf(Session),
  'GET /clients/info': dataOf(ClientInfo),
  'POST /clients/logout': MessageBody,
  'GET /clients/notifications': NotificationPage,
  'GET /regions': dataOf(z.array(Place)),
  'GET /regions/district/:regionId': dataOf(z.array(Place)),
  'GET /orders/delivery-addresses': dataOf(z.array(DeliveryAddress)),
  'POST /orders/delivery-addresses': SavedAddress,
  'PUT /orders/delivery-addresses/:id': SavedAddress,
  'PUT /orders/delivery-addresses/:id/current': SavedAddress,
  'DELETE /orders/delivery-addresses/:id': MessageBody,
  'GET /favorites': dataOf(z.array(ProductSummary)),
  'POST /favorites/merge': dataOf(z.array(ProductSummary)),
  'POST /favorites/:productId': AddedFavorite,
  'DELETE /favorites/:productId': MessageBody,
  'GET /baskets': dataOf(z.array(BasketLine)),
  'POST /baskets': SavedBasketLine,
  'POST /baskets/merge': dataOf(z.array(BasketLine)),
  'PATCH /baskets/checked': MessageBody,
  'GET /baskets/info': dataOf(BasketInfo),
  'DELETE /baskets/:id': MessageBody,
  'DELETE /baskets': DeletedBasketLines,
  'GET /cards': dataOf(z.array(Card)),
  'POST /cards/add': messageOf(CardAdded),
  'POST /cards/resend-code': messageOf(CardAdded),
  'POST /cards/confirm': messageOf(Card),
  'DELETE /cards/:id': MessageBody,
  'POST /clients/add-birthday': messageOf(ScoringState),
  'POST /clients/identified': messageOf(ScoringState),
  'POST /clients/scoring-card': messageOf(ScoringState),
  'GET /clients/relative-types': dataOf(z.array(RelativeType)),
  'GET /clients/guarantors': dataOf(z.array(Guarantor)),
  'POST /clients/add-guarantor': messageOf(Guarantor),
  'DELETE /clients/guarantor/:id': MessageBody,
  'POST /clients/scoring': dataOf(ScoringDecision),
  'GET /clients/limit': dataOf(CreditLimit),
} as const;

export type ApiEndpoint = keyof typeof API_RESPONSES;
