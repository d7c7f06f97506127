/** Sends the browser to another site (the payment page: Stripe Checkout). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
