/**
 * Said on the pages where money moves (a transfer, a purchase, a sale) to a
 * player with a ban in force: what they cannot do there meanwhile, and
 * where their record and its appeal are. Nothing otherwise, nor when the
 * record cannot be read (the API refuses a banned player's action all the
 * same, and its words are shown then).
 */
import { api, data } from '../api.js';
import { Link } from '../router.js';
import { useLoad } from './load.js';

export function BanNotice() {
  const record = useLoad(() => data(api.request('get', '/api/moderation/me')), []);
  if (!record.data?.banned) return null;
  return (
    <p class="notice" role="status">
      You are banned: until the ban ends or is lifted you cannot move money, buy or sell. <Link href="/record">Your record and its appeal</Link>
    </p>
  );
}
