import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

const VIEWING = 'viewing_client';
const ENDED = 'access_ended';
/** Dispatched on window when an ended access is noted, for a page already on screen. */
export const ACCESS_ENDED_EVENT = 'lotwise:access-ended';

/** While an accountant is inside a client's account: whose it is (for the message if access ends). */
export function rememberViewing(name: string): void {
  writeStorage(VIEWING, name);
}

/** Leaving a client's account by choice: nothing to announce. */
export function forgetViewing(): void {
  removeStorage(VIEWING);
}

/** The client ended the accountant's access: the dashboard says so once (issue 35.10). */
export function noteAccessEnded(): void {
  const name = readStorage(VIEWING);
  // Several requests may each learn it: the first one's name is kept.
  if (name !== null || readStorage(ENDED) === null) writeStorage(ENDED, name ?? '');
  removeStorage(VIEWING);
  window.dispatchEvent(new Event(ACCESS_ENDED_EVENT));
}

/**
 * The server closed the realtime socket because access to the account ended (4403): when that
 * socket belonged to a client's account the accountant was viewing, the dashboard says so, even
 * if no later request of the page is the one refused.
 */
export function noteAccessEndedIfViewing(): void {
  if (readStorage(VIEWING) !== null) noteAccessEnded();
}

/**
 * The message for an access that just ended ("Your access to Ada Lovelace's account has
 * ended."), once; null when none ended.
 */
export function takeAccessEnded(): string | null {
  const name = readStorage(ENDED);
  if (name === null) return null;
  removeStorage(ENDED);
  return name
    ? `Your access to ${name}'s account has ended: they revoked it. You are back in your own account.`
    : "Your access to this client's account has ended: they revoked it. You are back in your own account.";
}
