/**
 * English texts of the business area (dashboard, register-shop form, shop settings, the card
 * flow): the reference the other languages' business files follow. The `business` namespace of
 * messages/en.ts.
 */
const business = {
  nav: 'Business',
  title: 'Business dashboard',
  required: 'Open a business account first: then you can register shops.',
  welcome: 'Your business account is open. Register your first shop.',
  open: 'Open the business dashboard',
  shops: {
    title: 'Your shops', empty: 'No shops registered yet.', register: 'Register a shop', name: 'Shop', stage: 'Status',
    clicksToday: 'Clicks today', clicksMonth: 'Clicks this month', clicksUnavailable: 'not available right now', settings: 'Settings',
    settingsOf: 'Settings of {{name}}', confirmed: 'Confirmed', notConfirmed: 'Not confirmed', offers: 'Offers',
    stages: {
      awaitingPayment: 'Awaiting payment method', subscriptionStarted: 'Subscription started', feedsAnalysed: 'Product feeds analysed',
      active: 'Activated', suspendedPayment: 'Suspended: payment missing', suspendedStaff: 'Suspended by our team',
    },
    hints: {
      awaitingPayment: 'Add a card and start the subscription.', subscriptionStarted: 'We are analysing your product feeds.',
      feedsAnalysed: 'We will contact you when your shop is ready.', active: 'Your offers are shown.',
      suspendedPayment: 'Your offers are not shown. Update your card or start the subscription again.', suspendedStaff: 'Your offers are not shown. Please contact us.',
    },
    subscribe: 'Start the subscription', subscribeFor: 'Start the subscription for {{name}}', plan: 'Plan',
  },
  plans: { month: '{{price}} per shop and month', year: '{{price}} per shop and year', vat: 'Prices excluding 8.1% VAT.' },
  subscription: {
    title: 'Subscription', none: 'No subscription yet. It starts with your first shop.', plan: 'Plan: {{plan}}', shops: 'Shops: {{n}}',
    renews: 'Renews on {{date}}', endsOn: 'Ends on {{date}}', cancel: 'Cancel at the end of the period',
    canceled: 'Your subscription ends at the end of the current period.', alreadyCanceled: 'The subscription is cancelled already.',
    statuses: { incomplete: 'Waiting for the first payment', active: 'Active', pastDue: 'Payment overdue: we retry', unpaid: 'Unpaid', canceled: 'Cancelled', expired: 'Expired' },
  },
  card: {
    title: 'Payment card', none: 'No card on file.', onFile: '{{brand}} ending in {{last4}}, expires {{expires}}', add: 'Add a card', replace: 'Replace the card',
    continueHint: 'You enter your card on the payment provider’s secure page: its number never reaches our servers.', continue: 'Continue to the card form',
    elements: 'Enter your card below. It goes straight to our payment provider.', save: 'Save card', needsScript: 'Entering a card here needs JavaScript.',
  },
  payment: {
    subscriptionStarted: 'Subscription started successfully. We will contact you when your shop is ready.', cardUpdated: 'Card updated successfully.',
    needs3ds: 'Your card needs 3D Secure: please confirm the payment with your bank.', authenticate: 'Continue to 3D Secure',
    paymentDeclined: 'Payment declined. Please try another card.', cardError: 'Please provide a valid payment method.', processing: 'Your payment is being processed.',
    alreadySubscribed: 'This shop is subscribed already.', incomplete: 'Finish the first payment of your subscription first: add a card that works.',
    planMismatch: 'All your shops are on one plan: choose the plan of your subscription.', notAwaiting: 'This shop is not waiting for a subscription.',
  },
  invoices: {
    title: 'Invoices', empty: 'No invoices yet.', number: 'Invoice', date: 'Date', amount: 'Amount', status: 'Status',
    paid: 'Paid', unpaid: 'Unpaid', void: 'Void', download: 'Download', downloadLabel: 'Download invoice {{number}}',
  },
  register: {
    title: 'Register a shop', intro: 'Tell us about your shop. After registering, add a card and start the subscription; we then analyse your product feeds.',
    submit: 'Register shop', done: 'Your shop {{name}} is registered. Next: add a card and start the subscription.',
    alreadyRegistered: 'This shop is already registered.', shopSection: 'Shop', addressSection: 'Address', contactSection: 'Contact',
    feedHint: 'CSV (preferred) or XML with article number, name with brand, GTIN/EAN or part number, price in CHF including tax and the link to the product page. You can add feeds later too.',
    terms: 'I have read and agree to the terms and conditions and the listing terms.', optional: 'optional',
  },
  fields: {
    name: 'Shop name', homepage: 'URL', company: 'Company', commercial_register_number: 'Commercial register number', line1: 'Address',
    line2: 'Address line 2', zip_code: 'Postal code', city: 'City', country: 'Country', phone: 'Phone', email: 'Email', feed_url: 'Product feed',
  },
  validation: {
    postalCode: 'Enter a valid postal code for the chosen country.', phone: 'Enter a valid phone number, for instance +41 44 123 45 67.',
    url: 'Enter a valid URL starting with http:// or https://.', parameterName: 'Use letters, digits, and - _ . ~ only.', parameterTwice: 'Each name only once.',
  },
  feeds: {
    title: 'Product feeds', empty: 'No product feeds yet. Add at least one to display offers.', url: 'Feed URL', format: 'Format',
    formats: { detect: 'Detect automatically', csv: 'CSV', tsv: 'TSV', google: 'Google Merchant XML' },
    add: 'Add feed', added: 'The feed was added. It is analysed once your subscription has started.', save: 'Save feed', saved: 'The feed was saved.',
    delete: 'Delete feed', deleteLabel: 'Delete the feed {{url}}', deleted: 'The feed was deleted.', enabled: 'Fetch this feed',
    analyse: 'Analyse now', analyseLabel: 'Analyse the feed {{url}} now', analysing: 'The feed is being analysed. The report appears here in a moment.',
    analyseLater: 'Feeds are analysed once the subscription has started.', analyseUnavailable: 'The analysis cannot be started right now. Please try again later.',
    statuses: { pending: 'Waiting for its analysis', active: 'Read successfully', failing: 'Failing', disabled: 'Not fetched' },
    lastAnalysis: 'Last analysis on {{date}}', report: '{{valid}} of {{total}} products usable, {{invalid}} rejected', notAnalysed: 'Not analysed yet.',
    httpStatus: 'HTTP status {{status}}', issues: 'First problems found', edit: 'Edit',
  },
  parameters: {
    title: 'URL parameters', intro: 'Added to every link that leads a visitor to your shop, such as utm_source=pricecompare.',
    name: 'Name', value: 'Value', row: 'Parameter {{n}}', save: 'Save URL parameters', saved: 'The URL parameters were saved.',
  },
  deleteShop: {
    title: 'Delete shop', warning: 'This deletes the shop with its offers, feeds and URL parameters. It cannot be undone.',
    confirm: 'I understand that this cannot be undone.', submit: 'Delete shop', done: 'The shop was deleted.',
  },
  deleteAccount: {
    title: 'Delete business account', warning: 'This cancels your subscription at once and deletes all your shops with their offers, and your account. It cannot be undone.',
  },
  details: { title: 'Shop details', registeredAt: 'Registered on {{date}}', homepage: 'Website' },
  back: 'Back to the business dashboard',
};

export default business;

export type BusinessMessages = typeof business;
