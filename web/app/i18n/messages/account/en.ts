/**
 * English texts of the account area (sign-in, account, favourites, alerts, push): the reference
 * the other languages' account files follow. Spread into messages/en.ts.
 */
const account = {
  auth: {
    loginTitle: 'Log in', registerTitle: 'Create an account', email: 'Email', password: 'Password', passwordConfirmation: 'Confirm password',
    name: 'Name', phone: 'Phone (optional)', remember: 'Remember me', forgot: 'Forgot your password?', submitLogin: 'Log in', submitRegister: 'Create account',
    noAccount: 'No account yet?', registerLink: 'Register', haveAccount: 'Already registered?', loginLink: 'Log in', social: 'Or continue with',
    terms: 'I have read and agree to the terms and conditions and the listing terms.', logout: 'Log out',
    failed: 'These credentials do not match our records.', throttled: 'Too many attempts. Please try again in {{seconds}} seconds.',
    registered: 'Check your email: we have sent you a message to finish signing up. Then log in here.', emailRestored: 'Your email address is back and every session was signed out. We have emailed you a link to choose a new password.', restoreFailed: 'This link is invalid or has expired.', tokenInvalid: 'This password reset token is invalid or has expired.',
  },
  validation: {
    required: 'This field is required.', email: 'Enter a valid email address.', max: 'This is too long.', passwordMin: 'At least 6 characters.',
    confirmed: 'The passwords do not match.', accepted: 'Please accept the terms.', phone: 'Enter a valid phone number.', unique: 'This is taken already.',
    invalid: 'This value is not valid.', confirm: 'Please confirm.', price: 'Enter a price, such as 249.90.', percent: 'Enter a whole number from 1 to 99.',
  },
  account: {
    title: 'Your account', favourites: 'Your favourites', alerts: 'Your price alerts', sections: 'Account sections', overview: 'Overview',
    profile: 'Profile', memberSince: 'member since {{date}}', language: 'Language of emails and notifications',
    saveProfile: 'Save profile', profileSaved: 'Your profile has been saved.', emailChanged: 'Your profile has been saved. Please confirm {{email}} with the link we have sent there. We have told your previous address, which can undo the change.',
    passwordTitle: 'Password', currentPassword: 'Current password', passwordForEmail: 'Current password (needed to change your email)', changePassword: 'Change password',
    passwordChanged: 'Your password has been changed. You were signed out everywhere else.', wrongPassword: 'The password is not correct.',
    businessTitle: 'Business account', businessIntro: 'Shop owners list their shops with a business account.', company: 'Company',
    enableBusiness: 'Open a business account', businessEnabled: 'You now have a business account for {{company}}.', businessActive: 'You have a business account for {{company}}.',
    deleteTitle: 'Delete account', deleteWarning: 'This deletes your account with your favourites and price alerts. It cannot be undone.',
    deleteConfirm: 'I understand that this cannot be undone.', deleteSubmit: 'Delete my account',
  },
  verify: {
    unverified: 'Please check your email first: confirm your address with the link we have sent you.', resend: 'Send a new link',
    resent: 'A fresh verification link has been sent to your email address.', throttled: 'We sent a link a moment ago. Please try again in {{seconds}} seconds.',
    done: 'Thank you: your email address is verified.', failed: 'This verification link is invalid or has expired. Ask for a new one below.',
    already: 'Your email address is verified already.', verifiedBadge: 'Email address verified', unverifiedBadge: 'Email address not verified yet',
  },
  password: {
    requestTitle: 'Forgot your password?', requestIntro: 'Enter the email address of your account and we will email you a link to choose a new password.',
    requestSubmit: 'Email me a reset link', linkEmailed: 'We have emailed your password reset link. It is valid for {{minutes}} minutes.',
    throttled: 'We sent a link a moment ago. Please try again in {{seconds}} seconds.', resetTitle: 'Choose a new password', new: 'New password',
    rules: 'Passwords must be at least six characters and match the confirmation.', resetSubmit: 'Reset password', done: 'Your password has been reset.',
    requestAgain: 'Ask for a new reset link',
  },
  favourites: {
    title: 'Favourites', all: 'All favourites', list: 'List: {{name}}', signInPrompt: 'Sign in to keep favourites and see them on every device.',
    empty: 'No favourites yet.', signIn: 'Sign in', recentlyViewedHint: 'Your recently viewed products are on the home page.',
    manage: 'Manage lists', lists: 'Your lists', public: 'Public', sharedList: 'A list shared with you.', newList: 'New list', makePublic: 'Anyone with the link may see this list',
    createList: 'Create list', renameList: 'Rename or share', listName: 'List name', saveList: 'Save list', listSaved: 'The list has been saved.', deleteList: 'Delete this list',
    view: 'Open the list page', publicLink: 'Open the public list page', emptyList: 'This list is empty. Add products with the heart button on a product page.',
    remove: 'Remove', removeProduct: 'Remove {{name}} from this list', removed: 'The product has been removed.', addTitle: 'Add {{name}} to your favourites',
    toList: 'List', add: 'Add', added: 'Added to {{list}}.', tooManyLists: 'You have the most lists there can be. Delete one first.',
    defaultList: 'Your main list cannot be deleted.', listFull: 'This list is full.',
  },
  alerts: {
    yours: 'Your alerts', createFor: 'New price alert for {{name}}', currentPrice: 'Now', country: 'Country', kind: 'Tell me when',
    kinds: { target_price: 'the price is at or below my target', percentage_drop: 'the price drops by a percentage', back_in_stock: 'it is back in stock' },
    targetPrice: 'Target price ({{currency}})', dropPercent: 'Drop in percent', rearmAutomatically: 'Watch again once the condition no longer holds',
    byEmail: 'Also tell me by email', create: 'Set alert', created: 'Your price alert is set.',
    firedOnCreation: 'Your price alert is set, and the price already meets it: it fired right away.',
    conditions: { target_price: 'at or below {{price}}', percentage_drop: '{{percent}}% below {{price}}', back_in_stock: 'back in stock' },
    states: { armed: 'Waiting', fired: 'Fired', paused: 'Paused' }, firedAt: 'fired {{date}}',
    rearm: 'Re-arm', rearmProduct: 'Re-arm the alert for {{name}}', rearmed: 'The alert is waiting again.', firedOnRearm: 'The price already meets the alert: it fired again right away.',
    delete: 'Delete', deleteProduct: 'Delete the alert for {{name}}', deleted: 'The alert has been deleted.',
    empty: 'No price alerts yet. Use the price alert button on a product page.', exists: 'You have this alert for this product and country already.',
    tooMany: 'You have the most alerts there can be. Delete one first.',
  },
  push: {
    title: 'Push notifications', unsupported: 'This browser does not support push notifications.', needsScript: 'Push notifications need JavaScript.',
    helperText: 'Allow notifications and we can tell you the moment a price drops.', helperButton: 'Allow notifications',
    enable: 'Enable notifications', disable: 'Disable notifications', on: 'Notifications are on in this browser.', off: 'Notifications are off in this browser.',
    welcomeTitle: 'Notifications are on', welcomeBody: 'We will tell you when a price drops.',
    testTitle: 'Send a test notification', username: 'Username', message: 'Message', send: 'Send',
    sent: 'Sent: {{n}} browsers got it.', noSubscription: 'No browser has notifications on for this username.', rateLimited: 'That was a lot of tests. Please wait a minute.',
  },
};

export default account;

export type AccountMessages = typeof account;
