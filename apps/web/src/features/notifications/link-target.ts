import type { NoticeLink } from '@bozor/shared';

/** The storefront's page of what a notice is about. */
export function pathOfNotice(link: NoticeLink): string {
  switch (link.type) {
    case 'order':
      return `/order-detail/${link.id}`;
    case 'credit':
      return `/installment/${link.id}`;
    case 'payment':
      return `/order-detail/${link.order_id}`;
    case 'review':
      // the items still to rate are listed there
      return '/profile/reviews';
    case 'product':
      return `/product/${encodeURIComponent(link.slug)}`;
    case 'page':
      // a promotion's page of the shop, checked to be one when it was written
      return link.path;
  }
}
