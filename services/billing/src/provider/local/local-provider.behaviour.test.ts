import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { pino } from 'pino';
import { eventually } from '@pc/kit/testing/eventually';
import { localHarness, RETURN_URL, subscribedCustomer } from '../../test-support/local-provider-harness.js';
import { answerAuthentication, confirmSetupWithCard } from './local-checkout.js';
import { WebhookSender } from './webhook-sender.js';

type Harness = Awaited<ReturnType<typeof localHarness>>;

/** Two shops (the first invoice: 2 × CHF 49.00 + 8.1 % VAT). */
const subscribed = (harness: Harness, cardNumber: string) => subscribedCustomer(harness, cardNumber, 2);

describe('local provider: Stripe test cards', () => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await localHarness();
  });
  afterEach(() => harness.close());

  it('4242 4242 4242 4242 pays the first invoice (2 shops × CHF 49.00 + 8.1 % VAT) and activates the subscription', async () => {
    const { card, created } = await subscribed(harness, '4242424242424242');
    expect(created.subscription.status).toBe('incomplete');
    const intent = await harness.local.confirmPayment(created.paymentIntentId, card, RETURN_URL);
    expect(intent.status).toBe('succeeded');
    const invoice = await harness.local.retrieveInvoice(String(created.subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'paid', total: 10_594, amount_paid: 10_594, currency: 'chf' });
    expect((await harness.local.retrieveSubscription(created.subscription.id)).status).toBe('active');
  });

  it('4000 0027 6000 3184 asks for 3-D Secure on setup and on the payment; completing it pays', async () => {
    const { id: customerId } = await harness.local.createCustomer({
      userId: 'u_2',
      email: '',
      name: '',
      address: null,
      idempotencyKey: randomUUID(),
    });
    const setup = await harness.local.createSetupIntent(customerId);
    const entered = await confirmSetupWithCard(harness.local, setup.id, setup.clientSecret, RETURN_URL, {
      number: '4000 0027 6000 3184',
      expMonth: 1,
      expYear: 2040,
      cvc: '123',
    });
    expect(entered).toEqual({ redirect: expect.stringContaining(`/local-provider/authenticate/${setup.id}`) });
    expect((await harness.local.retrieveSetupIntent(setup.id)).status).toBe('requires_action');
    const back = await answerAuthentication(harness.local, setup.id, setup.clientSecret, true);
    expect(back).toEqual({
      redirect: `${RETURN_URL}?setup_intent=${setup.id}&setup_intent_client_secret=${encodeURIComponent(setup.clientSecret)}&redirect_status=succeeded`,
    });

    const { card, created } = await subscribed(harness, '4000002760003184');
    const intent = await harness.local.confirmPayment(created.paymentIntentId, card, RETURN_URL);
    expect(intent.status).toBe('requires_action');
    expect(intent.nextActionUrl).toContain(`/local-provider/authenticate/${intent.id}?client_secret=`);
    await answerAuthentication(harness.local, intent.id, intent.clientSecret, true);
    expect((await harness.local.retrievePaymentIntent(intent.id)).status).toBe('succeeded');
    expect((await harness.local.retrieveSubscription(created.subscription.id)).status).toBe('active');
  });

  it('a failed 3-D Secure leaves the payment waiting for another card', async () => {
    const { card, created } = await subscribed(harness, '4000002760003184');
    const intent = await harness.local.confirmPayment(created.paymentIntentId, card, RETURN_URL);
    await answerAuthentication(harness.local, intent.id, intent.clientSecret, false);
    const after = await harness.local.retrievePaymentIntent(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.lastError?.code).toBe('payment_intent_authentication_failure');
    expect((await harness.local.retrieveSubscription(created.subscription.id)).status).toBe('incomplete');
  });

  it('4000 0000 0000 0002 is declined at setup already; the number is kept only as its last four digits', async () => {
    const { id: customerId } = await harness.local.createCustomer({
      userId: 'u_3',
      email: '',
      name: '',
      address: null,
      idempotencyKey: randomUUID(),
    });
    const setup = await harness.local.createSetupIntent(customerId);
    const outcome = await confirmSetupWithCard(harness.local, setup.id, setup.clientSecret, RETURN_URL, {
      number: '4000000000000002',
      expMonth: 1,
      expYear: 2040,
      cvc: '123',
    });
    expect(outcome).toEqual({ redirect: expect.stringContaining('redirect_status=failed') });
    const after = await harness.local.retrieveSetupIntent(setup.id);
    expect(after.lastError).toEqual({
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    const stored = JSON.stringify(await harness.local.state.objects.find({}));
    expect(stored).not.toContain('4000000000000002');
    expect(stored).toContain('"last4":"0002"');
  });

  it('4000 0000 0000 0341 is saved but its charge is declined; a good card then pays the same invoice', async () => {
    const { customerId, card, created } = await subscribed(harness, '4000000000000341');
    const declined = await harness.local.confirmPayment(created.paymentIntentId, card, RETURN_URL);
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'generic_decline' },
    });
    const good = await harness.card(customerId, '4242424242424242');
    expect((await harness.local.confirmPayment(created.paymentIntentId, good, RETURN_URL)).status).toBe('succeeded');
  });

  it('refuses an invalid number, an expired card and a wrong client secret on its card page', async () => {
    const { id: customerId } = await harness.local.createCustomer({
      userId: 'u_4',
      email: '',
      name: '',
      address: null,
      idempotencyKey: randomUUID(),
    });
    const setup = await harness.local.createSetupIntent(customerId);
    const entry = { number: '4242424242424241', expMonth: 1, expYear: 2040, cvc: '123' };
    await expect(confirmSetupWithCard(harness.local, setup.id, setup.clientSecret, RETURN_URL, entry)).resolves.toEqual(
      { error: 'Your card number is incorrect.', status: 400 },
    );
    await expect(
      confirmSetupWithCard(harness.local, setup.id, setup.clientSecret, RETURN_URL, {
        ...entry,
        number: '4242424242424242',
        expYear: 2001,
      }),
    ).resolves.toMatchObject({ status: 400 });
    await expect(
      confirmSetupWithCard(harness.local, setup.id, 'seti_x_secret_y', RETURN_URL, {
        ...entry,
        number: '4242424242424242',
      }),
    ).resolves.toMatchObject({ status: 404 });
    expect((await harness.local.retrieveSetupIntent(setup.id)).status).toBe('requires_payment_method');
  });
});

describe('local provider: webhooks', () => {
  let harness: Harness;
  let server: Server;
  const received: { type: string; id: string }[] = [];
  const secret = 'whsec_localtest';
  let failNext = 0;

  beforeAll(async () => {
    harness = await localHarness();
    server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          response.writeHead(503).end();
          return;
        }
        try {
          const event = Stripe.webhooks.constructEvent(
            Buffer.concat(chunks),
            String(request.headers['stripe-signature']),
            secret,
          );
          received.push({ type: event.type, id: event.id });
          response.writeHead(200).end();
        } catch {
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await harness.close();
  });

  it('delivers every event signed as Stripe signs them, and again after the endpoint failed', async () => {
    const port = (server.address() as { port: number }).port;
    const sender = new WebhookSender(harness.local.state, {
      target: () => `http://127.0.0.1:${port}/`,
      secret,
      logger: pino({ level: 'silent' }),
      pollMs: 5,
    });
    failNext = 1;
    const { card, created } = await subscribed(harness, '4242424242424242');
    await harness.local.confirmPayment(created.paymentIntentId, card, RETURN_URL);
    sender.start();
    await eventually(
      () =>
        ['customer.created', 'invoice.paid', 'customer.subscription.updated'].every((type) =>
          received.some((event) => event.type === type),
        ),
      15_000,
    );
    await sender.stop();
    expect(received.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'customer.created',
        'setup_intent.succeeded',
        'customer.subscription.created',
        'invoice.finalized',
        'payment_intent.succeeded',
        'invoice.paid',
      ]),
    );
    expect(new Set(received.map((event) => event.id)).size).toBe(received.length);
    expect(await harness.local.state.events.count({ delivered: false })).toBe(0);
  });
});
