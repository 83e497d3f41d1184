import { mergeLocalListsIntoAccount } from '../../lib/account-lists.ts';
import { mergeRecentlyViewed } from '../recently-viewed/index.ts';

/**
 * What happens between the code check and the page reload: the wish list and basket kept in this
 * browser join the account's, so nothing chosen before signing in is lost.
 */
export async function afterSignIn(): Promise<void> {
  await mergeLocalListsIntoAccount();
  await mergeRecentlyViewed();
}
