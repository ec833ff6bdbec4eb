/** The local provider's pages: plain HTML forms that work without JavaScript. */

export const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;margin:.6rem 0 .2rem}input{font:inherit;padding:.45rem;width:100%;box-sizing:border-box}.row{display:flex;gap:.6rem}.row>div{flex:1}button{font:inherit;padding:.55rem 1.1rem;margin:1rem .5rem 0 0;cursor:pointer}.error{color:#b00020;font-weight:600}.done{color:#0a6b2a;font-weight:600}table{border-collapse:collapse;font-size:.85em}td,th{padding:.2rem .4rem;border-bottom:1px solid #ddd;text-align:left}.note{color:#555;font-size:.9em}.badge{display:inline-block;background:#eef;border:1px solid #99c;padding:.1rem .5rem;border-radius:.3rem;font-size:.8em}</style>
</head><body><p class="badge">Local test payment provider — stands in for Stripe</p>${body}</body></html>
`;
}

/** The card form of a SetupIntent (stands in for Stripe Elements). */
export function cardPage(action: string, clientSecret: string, returnUrl: string, error: string): string {
  return page(
    'Add a card',
    `<h1>Add a card</h1>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${escape(action)}" autocomplete="off">
<input type="hidden" name="client_secret" value="${escape(clientSecret)}">
<input type="hidden" name="return_url" value="${escape(returnUrl)}">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" required placeholder="4242 4242 4242 4242">
<div class="row"><div><label for="exp_month">Month</label><input id="exp_month" name="exp_month" inputmode="numeric" required placeholder="12"></div>
<div><label for="exp_year">Year</label><input id="exp_year" name="exp_year" inputmode="numeric" required placeholder="34"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" required placeholder="123"></div></div>
<button type="submit">Save card</button>
</form>
<p class="note">Stripe's test cards: 4242 4242 4242 4242 succeeds · 4000 0027 6000 3184 asks for 3-D Secure · 4000 0000 0000 0002 is declined · 4000 0000 0000 0341 is saved, then every charge is declined. Any future expiry date and any CVC.</p>`,
  );
}

/** The bank's 3-D Secure challenge for a SetupIntent or a payment. */
export function authenticationPage(action: string, clientSecret: string, amount: string): string {
  return page(
    '3D Secure',
    `<h1>3D Secure authentication</h1>
<p>Your bank asks you to confirm ${amount ? `the payment of <strong>${escape(amount)}</strong>` : 'this card'}.</p>
<form method="post" action="${escape(action)}">
<input type="hidden" name="client_secret" value="${escape(clientSecret)}">
<button type="submit" name="answer" value="complete">Complete authentication</button>
<button type="submit" name="answer" value="fail">Fail authentication</button>
</form>`,
  );
}

export function messagePage(message: string): string {
  return page('Payment', `<p class="error" role="alert">${escape(message)}</p>`);
}
