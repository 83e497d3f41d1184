import {
  type BasketInfo,
  type BasketLine,
  basketSizeClass,
  MAX_BASKET_COUNT,
  type ProductSummary,
  type TariffQuote,
} from '@bozor/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import {
  accountBasketInfoQuery,
  accountBasketQuery,
  checkAccountBasketLines,
  deleteAccountBasketLine,
  deleteAccountBasketLines,
  productStockQuery,
  setAccountBasketCount,
  tariffQuotesQuery,
} from './account-lists.ts';
import { useTranslation } from './i18n/react.tsx';
import { errorMessage, type ListState } from './list-state.ts';
import {
  addToLocalBasket,
  type BasketItem,
  checkLocalBasketItems,
  isAvailable,
  localBasket,
  removeFromLocalBasket,
  setLocalBasketCount,
  toBasketProduct,
} from './local-basket.ts';
import { useLocalStore } from './local-store.ts';
import { useIsSignedIn } from './session.ts';
import { toast } from './toast.ts';

export type { BasketItem, BasketProduct } from './local-basket.ts';
export { isAvailable } from './local-basket.ts';

const NO_ITEMS: BasketItem[] = [];

function toItems(lines: BasketLine[]): BasketItem[] {
  return lines.map((line) => ({
    product_id: line.product_id,
    count: line.count,
    checked: line.checked,
    product: toBasketProduct(line.product),
    stock: line.stock,
  }));
}

/**
 * A visitor's basket with what the shop says of its products now: today's name, price and units
 * left. A product no longer on sale has none left. Until the shop answers (or if it cannot), the
 * lines are as the browser kept them.
 */
function useLocalBasketNow(enabled: boolean): BasketItem[] {
  const local = useLocalStore(localBasket);
  const ids = useMemo(() => local.map((item) => item.product_id), [local]);
  const stock = useQuery({ ...productStockQuery(ids), enabled: enabled && ids.length > 0 });
  return useMemo(() => {
    if (!stock.data) return local;
    const now = new Map(stock.data.map((product) => [product.id, product]));
    return local.map((item) => {
      const product = now.get(item.product_id);
      return product
        ? {
            ...item,
            product: toBasketProduct(product),
            stock: product.stock,
            size_class: product.size_class,
          }
        : { ...item, stock: 0 };
    });
  }, [local, stock.data]);
}

/**
 * The basket as the basket page and checkout see it: every line with its units left, so a sold-out
 * line shows as such. (The header's count and the product cards read `useBasket`, which never asks
 * the shop about a visitor's lines.)
 */
export function useBasketNow(): ListState<BasketItem> {
  const signedIn = useIsSignedIn();
  const local = useLocalBasketNow(!signedIn);
  const basket = useBasket();
  return signedIn ? basket : { ...basket, items: local };
}

/**
 * The basket for components: kept in this browser for an anonymous visitor, on the server for a
 * signed-in customer. Components never ask which.
 */
export function useBasket(): ListState<BasketItem> {
  const signedIn = useIsSignedIn();
  const local = useLocalStore(localBasket);
  const query = useQuery({ ...accountBasketQuery, enabled: signedIn, select: toItems });
  if (!signedIn) return { items: local, status: 'success', error: null, refetch: () => {} };
  return {
    items: query.data ?? NO_ITEMS,
    status: query.status,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export function useBasketItem(productId: number): BasketItem | undefined {
  return useBasket().items.find((i) => i.product_id === productId);
}

/** Number of distinct products in the basket, for the badges. */
export function useBasketCount(): number {
  return useBasket().items.length;
}

/**
 * Totals of the checked lines as the server gives them, computed here for the local basket. The
 * monthly payment is the longest tariff's, as the server's tariffs answer it for the total
 * (`quotes`); until they arrive it is the sum of the products' own monthly payments. The delivery
 * size class is bulky when a checked line's product is, as far as the shop has said.
 */
export function summarizeLocalBasket(
  items: readonly BasketItem[],
  quotes?: readonly TariffQuote[],
): BasketInfo {
  // a sold-out line, or one asking for more than is left, stays outside the totals
  const checked = items.filter((i) => i.checked && isAvailable(i));
  const sum = (of: (i: BasketItem) => number) => checked.reduce((s, i) => s + of(i) * i.count, 0);
  const total = sum((i) => i.product.price);
  const totalOld = sum((i) => Math.max(i.product.old_price ?? 0, i.product.price));
  const longest = quotes?.reduce<TariffQuote | undefined>(
    (best, q) => (!best || q.duration > best.duration ? q : best),
    undefined,
  );
  return {
    lines: items.length,
    count: checked.reduce((s, i) => s + i.count, 0),
    total,
    total_old_price: totalOld,
    discount: totalOld - total,
    monthly_payment: longest ? longest.monthly_payment : sum((i) => i.product.monthly_payment),
    months: longest ? longest.duration : 0,
    size_class: basketSizeClass(checked.map((i) => i.size_class ?? 'standard')),
  };
}

export interface BasketSummaryState {
  summary: BasketInfo | undefined;
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  /** True while a newer summary is on its way after a change. */
  updating: boolean;
  refetch: () => void;
}

export function useBasketSummary(): BasketSummaryState {
  const signedIn = useIsSignedIn();
  const local = useLocalBasketNow(!signedIn);
  const query = useQuery({ ...accountBasketInfoQuery, enabled: signedIn });
  const localTotal = signedIn ? 0 : summarizeLocalBasket(local).total;
  const quotes = useQuery({
    ...tariffQuotesQuery(localTotal),
    enabled: !signedIn && localTotal > 0,
    placeholderData: keepPreviousData,
  });
  if (!signedIn) {
    // the previous total's quotes stay on screen, dimmed, while the new total's load
    return {
      summary: summarizeLocalBasket(local, localTotal > 0 ? quotes.data : undefined),
      status: 'success',
      error: null,
      updating: localTotal > 0 && quotes.isFetching,
      refetch: () => {},
    };
  }
  return {
    summary: query.data,
    status: query.status,
    error: query.error,
    updating: query.isFetching,
    refetch: () => void query.refetch(),
  };
}

/** SPEC §4: plus raises the count by one (up to 99), minus lowers it; below 1 the line goes. */
export function steppedCount(count: number, step: 1 | -1): number | null {
  const next = Math.min(count + step, MAX_BASKET_COUNT);
  return next < 1 ? null : next;
}

type BasketChange =
  | { kind: 'add'; product: ProductSummary }
  | { kind: 'step'; productId: number; step: 1 | -1 }
  | { kind: 'remove'; productId: number }
  | { kind: 'remove-many'; productIds: readonly number[] }
  | { kind: 'check'; productIds: readonly number[]; checked: boolean };

function changeLocalBasket(change: BasketChange): void {
  switch (change.kind) {
    case 'add':
      addToLocalBasket(change.product);
      return;
    case 'step': {
      const item = localBasket.get().find((i) => i.product_id === change.productId);
      if (!item) return;
      const next = steppedCount(item.count, change.step);
      if (next == null) removeFromLocalBasket([change.productId]);
      else setLocalBasketCount(change.productId, next);
      return;
    }
    case 'remove':
      removeFromLocalBasket([change.productId]);
      return;
    case 'remove-many':
      removeFromLocalBasket(change.productIds);
      return;
    case 'check':
      checkLocalBasketItems(change.productIds, change.checked);
  }
}

/** Whether a change deletes one line: its failure toasts 'Xatolik' (SPEC §8). */
function deletesOneLine(change: BasketChange, lines: readonly BasketLine[]): boolean {
  if (change.kind === 'remove') return true;
  if (change.kind !== 'step' || change.step !== -1) return false;
  return lines.find((l) => l.product_id === change.productId)?.count === 1;
}

/** Sends a change to the server and, once it is accepted, shows it. Returns the server's message. */
async function changeAccountBasket(queryClient: QueryClient, change: BasketChange) {
  // a load already on its way predates this change and would overwrite it when it lands
  await queryClient.cancelQueries({ queryKey: accountBasketQuery.queryKey, exact: true });
  const lines = queryClient.getQueryData(accountBasketQuery.queryKey) ?? [];
  const lineOf = (productId: number) => lines.find((l) => l.product_id === productId);
  const lineIdsOf = (productIds: readonly number[]) =>
    lines.filter((l) => productIds.includes(l.product_id)).map((l) => l.id);
  const update = (next: (current: BasketLine[]) => BasketLine[]) => {
    if (queryClient.getQueryData(accountBasketQuery.queryKey) === undefined) {
      // the list is still loading and may predate this change: ask for it again
      void queryClient.invalidateQueries({ queryKey: accountBasketQuery.queryKey, exact: true });
    } else {
      queryClient.setQueryData(accountBasketQuery.queryKey, (current) => current && next(current));
    }
  };
  const upsert = (line: BasketLine) =>
    update((current) =>
      current.some((l) => l.id === line.id)
        ? current.map((l) => (l.id === line.id ? line : l))
        : [...current, line],
    );
  const drop = (ids: readonly number[]) =>
    update((current) => current.filter((l) => !ids.includes(l.id)));

  let message = '';
  switch (change.kind) {
    case 'add': {
      const answer = await setAccountBasketCount(change.product.id, 1);
      upsert(answer.data);
      message = answer.message;
      break;
    }
    case 'step': {
      const line = lineOf(change.productId);
      if (!line) return message;
      const next = steppedCount(line.count, change.step);
      if (next === line.count) return message;
      if (next == null) {
        message = (await deleteAccountBasketLine(line.id)).message;
        drop([line.id]);
      } else {
        const answer = await setAccountBasketCount(change.productId, next);
        upsert(answer.data);
        message = answer.message;
      }
      break;
    }
    case 'remove': {
      const line = lineOf(change.productId);
      if (!line) return message;
      message = (await deleteAccountBasketLine(line.id)).message;
      drop([line.id]);
      break;
    }
    case 'remove-many': {
      const ids = lineIdsOf(change.productIds);
      if (ids.length === 0) return message;
      message = (await deleteAccountBasketLines(ids)).message;
      drop(ids);
      break;
    }
    case 'check': {
      const ids = lineIdsOf(change.productIds);
      if (ids.length === 0) return message;
      message = (await checkAccountBasketLines(ids, change.checked)).message;
      update((current) =>
        current.map((l) => (ids.includes(l.id) ? { ...l, checked: change.checked } : l)),
      );
    }
  }
  void queryClient.invalidateQueries({ queryKey: accountBasketInfoQuery.queryKey });
  return message;
}

export interface BasketActions {
  /** True while this control's change is on its way to the server. */
  pending: boolean;
  add(product: ProductSummary): void;
  increase(productId: number): void;
  /** At count 1 this deletes the line. */
  decrease(productId: number): void;
  remove(productId: number): void;
  removeMany(productIds: readonly number[]): void;
  check(productIds: readonly number[], checked: boolean): void;
}

/**
 * Changes to the basket for one control. While a signed-in change is pending, further calls from
 * the same control are ignored, so a double click never sends two.
 */
export function useBasketActions(): BasketActions {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: (change: BasketChange) => changeAccountBasket(queryClient, change),
    onMutate: (change) => ({
      deletesOneLine: deletesOneLine(
        change,
        queryClient.getQueryData(accountBasketQuery.queryKey) ?? [],
      ),
    }),
    onSuccess: (message, change) => {
      if (change.kind === 'add') toast.success(message);
    },
    onError: (error, _change, context) => {
      toast.error(context?.deletesOneLine ? t('errors.failed') : errorMessage(error, t));
    },
    onSettled: () => {
      busy.current = false;
    },
  });

  const run = (change: BasketChange) => {
    if (!signedIn) {
      changeLocalBasket(change);
      if (change.kind === 'add') toast.success(t('toast.added_to_basket'));
      return;
    }
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(change);
  };

  return {
    pending: mutation.isPending,
    add: (product) => run({ kind: 'add', product }),
    increase: (productId) => run({ kind: 'step', productId, step: 1 }),
    decrease: (productId) => run({ kind: 'step', productId, step: -1 }),
    remove: (productId) => run({ kind: 'remove', productId }),
    removeMany: (productIds) => run({ kind: 'remove-many', productIds }),
    check: (productIds, checked) => run({ kind: 'check', productIds, checked }),
  };
}
