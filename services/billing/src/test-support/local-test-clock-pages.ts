/** The local provider's test clock pages, driven as a browser would (plain HTTP forms). */
export class TestClockPages {
  constructor(private readonly base: string) {}

  /** The customer listed under one of `emails` (the shop's address, when its registration came first, or the user's). */
  async customerOf(...emails: string[]): Promise<string> {
    const html = await (await fetch(`${this.base}/local-provider/test-clocks`)).text();
    const row = html.split('<tr ').find((candidate) => emails.some((email) => candidate.includes(`>${email}</a>`)));
    const id = /^data-customer="(cus_[^"]+)"/.exec(row ?? '')?.[1];
    if (!id) throw new Error(`no test clock of ${emails.join(' or ')}`);
    return id;
  }

  async page(customerId: string): Promise<{ status: number; html: string; token: string; clock: string }> {
    const response = await fetch(`${this.base}/local-provider/test-clocks/${customerId}`);
    const html = await response.text();
    return {
      status: response.status,
      html,
      token: /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '',
      clock: /class="clock-time" data-time="([^"]+)"/.exec(html)?.[1] ?? '',
    };
  }

  /** Posts one of the page's forms; answers the status and the page the browser ends on. */
  async post(customerId: string, action: string, fields: Record<string, string>, token?: string) {
    const form = new URLSearchParams({ token: token ?? (await this.page(customerId)).token, ...fields });
    const response = await fetch(`${this.base}/local-provider/test-clocks/${customerId}/${action}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    if (response.status !== 303) return { status: response.status, html: await response.text() };
    const next = await fetch(new URL(response.headers.get('location')!, this.base));
    return { status: 303, html: await next.text() };
  }
}
