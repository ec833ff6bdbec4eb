/**
 * English texts of visitors' shop reviews (ADR 119): the shop page's rating and reviews, the
 * review form, the owner's replies in shop settings. The reference the other languages' files
 * follow; the `shopReviews` namespace of messages/en.ts.
 */
const shopReviews = {
  title: 'Shop reviews',
  none: 'No reviews yet.',
  valueOf: '{{value}} of 5',
  starsOf: '{{n}} of 5 stars',
  distribution: 'Reviews by stars',
  verifiedCount: { zero: 'No verified reviews yet', one: '1 verified review', many: '{{n}} verified reviews' },
  verified: 'Verified: followed an offer to this shop',
  formerUser: 'former user',
  byAuthor: 'Review by {{author}}',
  replyFrom: 'Reply from {{shop}}',
  write: 'Write a review',
  pages: 'Pages of reviews',
  order: 'Order of reviews',
  sorts: { newest: 'Newest first', highest: 'Most stars first', lowest: 'Fewest stars first' },
  published: 'Thank you: your review is published.',
  writeFor: 'Your review of {{name}}',
  yourRating: 'Your rating',
  reviewTitle: 'Title (optional, at most 120 characters)',
  body: 'Your review (20 to 5,000 characters)',
  publish: 'Publish review',
  yours: 'Your review',
  hidden: 'Our moderators have hidden this review: it is not shown on the shop’s page.',
  delete: 'Delete my review',
  deleted: 'Your review has been deleted.',
  already: 'You have reviewed this shop already.',
  ownShop: 'You cannot review your own shop.',
  limit: 'Too many reviews today, try again later.',
  validation: {
    rating: 'Choose from 1 to 5 stars.',
    titleMax: 'At most 120 characters.',
    bodyMin: 'At least 20 characters.',
    bodyMax: 'At most 5,000 characters.',
    replyMax: 'At most 2,000 characters.',
  },
  owner: {
    title: 'Reviews',
    intro: 'Visitors’ reviews of your shop, newest first. Your reply is shown under the review on the shop’s page.',
    notListed: 'Visitors can review your shop once it is listed in the directory.',
    replyLabel: 'Your public reply (at most 2,000 characters; empty removes it)',
    publishReply: 'Publish reply',
    saveReply: 'Save reply',
    replyTo: 'Reply to the review by {{author}}',
    replied: 'Your reply is published.',
    removed: 'Your reply has been removed.',
    notOwner: 'Only the shop’s owner can reply to its reviews.',
  },
};

export default shopReviews;

export type ShopReviewMessages = typeof shopReviews;
