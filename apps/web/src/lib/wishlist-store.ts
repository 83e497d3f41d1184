import type { ProductSummary } from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  accountFavoritesQuery,
  addAccountFavorite,
  removeAccountFavorite,
} from './account-lists.ts';
import { useTranslation } from './i18n/react.tsx';
import { errorMessage, type ListState } from './list-state.ts';
import { useLocalStore } from './local-store.ts';
import {
  localWishlist,
  toggleLocalWishlist,
  toWishlistItem,
  type WishlistItem,
} from './local-wishlist.ts';
import { useIsSignedIn } from './session.ts';
import { toast } from './toast.ts';

export type { WishlistItem } from './local-wishlist.ts';

const NO_ITEMS: WishlistItem[] = [];

/**
 * The wish list for components: kept in this browser for an anonymous visitor, on the server for
 * a signed-in customer. Components never ask which.
 */
export function useWishlist(): ListState<WishlistItem> {
  const signedIn = useIsSignedIn();
  const local = useLocalStore(localWishlist);
  const query = useQuery({ ...accountFavoritesQuery, enabled: signedIn });
  if (!signedIn) return { items: local, status: 'success', error: null, refetch: () => {} };
  return {
    items: query.data ?? NO_ITEMS,
    status: query.status,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export function useIsWished(productId: number): boolean {
  return useWishlist().items.some((i) => i.id === productId);
}

export function useWishlistCount(): number {
  return useWishlist().items.length;
}

/**
 * The heart of one product (SPEC §4): adds an absent product, removes a present one. A signed-in
 * change shows only after the server took it, and the heart ignores clicks until then.
 */
export function useWishlistToggle(product: ProductSummary): {
  wished: boolean;
  pending: boolean;
  toggle: () => void;
} {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const wished = useIsWished(product.id);
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: async (remove: boolean) => {
      // a load already on its way predates this change and would overwrite it when it lands
      await queryClient.cancelQueries({ queryKey: accountFavoritesQuery.queryKey });
      const update = (next: (items: WishlistItem[]) => WishlistItem[]) => {
        if (queryClient.getQueryData(accountFavoritesQuery.queryKey) === undefined) {
          // the list is still loading and may predate this change: ask for it again
          void queryClient.invalidateQueries({ queryKey: accountFavoritesQuery.queryKey });
        } else {
          queryClient.setQueryData(accountFavoritesQuery.queryKey, (items) => items && next(items));
        }
      };
      if (remove) {
        const answer = await removeAccountFavorite(product.id);
        update((items) => items.filter((i) => i.id !== product.id));
        return answer.message;
      }
      const answer = await addAccountFavorite(product.id);
      update((items) => [toWishlistItem(product), ...items.filter((i) => i.id !== product.id)]);
      return answer.message;
    },
    // SPEC §8: adding is a success, removing is shown in the error style
    onSuccess: (message, removed) => (removed ? toast.error(message) : toast.success(message)),
    onError: (error) => toast.error(errorMessage(error, t)),
    onSettled: () => {
      busy.current = false;
    },
  });

  const toggle = () => {
    if (!signedIn) {
      const added = toggleLocalWishlist(product);
      if (added) toast.success(t('toast.added_to_wishlist'));
      else toast.error(t('toast.removed_from_wishlist'));
      return;
    }
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(wished);
  };

  return { wished, pending: mutation.isPending, toggle };
}
