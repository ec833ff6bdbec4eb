import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { fieldErrors, formInput } from '~/auth/page-forms';
import { formFailure } from '~/data/form-failure.server';
import { deleteShopReviewForm, shopReplyForm, shopReviewForm } from './forms';
import { REPLY_REASONS, replyViolations, SHOP_REVIEW_REASONS, shopReviewViolations } from './refusals';

const errorsOf = (schema: typeof shopReviewForm | typeof shopReplyForm, posted: Record<string, string>) => {
  const result = schema.safeParse(formInput(posted));
  return result.success ? {} : fieldErrors(result.error);
};

const TEXT = 'Delivered the next day, well packed.';

describe('the shop review form', () => {
  it('takes stars, an optional title and a text, trimmed, the stars as a number', () => {
    expect(shopReviewForm.parse({ shop_id: ' s1 ', rating: '4', title: ' Quick ', body: ` ${TEXT} ` })).toEqual({
      shop_id: 's1',
      rating: 4,
      title: 'Quick',
      body: TEXT,
    });
    expect(shopReviewForm.parse({ shop_id: 's1', rating: '1', body: TEXT }).title).toBe('');
  });

  it('asks for stars from one to five and a text, each with its own words', () => {
    expect(errorsOf(shopReviewForm, { shop_id: 's1', body: ' ' })).toEqual({
      rating: 'shopReviews.validation.rating',
      body: 'validation.required',
    });
    expect(errorsOf(shopReviewForm, { shop_id: 's1', rating: '6', body: TEXT })).toEqual({
      rating: 'shopReviews.validation.rating',
    });
  });

  it('keeps to what offers takes, counting characters as a visitor does (an emoji is one)', () => {
    expect(errorsOf(shopReviewForm, { shop_id: 's1', rating: '5', body: 'Too short.' })).toEqual({
      body: 'shopReviews.validation.bodyMin',
    });
    // 19 emoji are 38 UTF-16 units but 19 characters: too short, as offers counts.
    expect(errorsOf(shopReviewForm, { shop_id: 's1', rating: '5', body: '😀'.repeat(19) })).toEqual({
      body: 'shopReviews.validation.bodyMin',
    });
    expect(errorsOf(shopReviewForm, { shop_id: 's1', rating: '5', body: '😀'.repeat(20) })).toEqual({});
    expect(
      errorsOf(shopReviewForm, { shop_id: 's1', rating: '5', title: 'é'.repeat(121), body: 'x'.repeat(5_001) }),
    ).toEqual({ title: 'shopReviews.validation.titleMax', body: 'shopReviews.validation.bodyMax' });
    expect(
      errorsOf(shopReviewForm, { shop_id: 's1', rating: '5', title: '😀'.repeat(120), body: 'x'.repeat(5_000) }),
    ).toEqual({});
  });

  it('takes a reply of at most 2,000 characters, an empty one to remove it, and the review to delete', () => {
    expect(shopReplyForm.parse({ review_id: 'sr_1', body: ' Thanks! ' })).toEqual({
      review_id: 'sr_1',
      body: 'Thanks!',
    });
    expect(shopReplyForm.parse({ review_id: 'sr_1' })).toEqual({ review_id: 'sr_1', body: '' });
    expect(errorsOf(shopReplyForm, { review_id: 'sr_1', body: 'x'.repeat(2_001) })).toEqual({
      body: 'shopReviews.validation.replyMax',
    });
    expect(deleteShopReviewForm.safeParse({ review_id: 'sr_1', shop_id: '' }).success).toBe(false);
  });
});

describe('offers’ refusals on the shop review forms', () => {
  const refused = (error: RpcError) => formFailure(error, 'shopReview', SHOP_REVIEW_REASONS, shopReviewViolations);

  it('says each refusal of AddShopReview at the form, never as a server error', () => {
    expect(refused(new RpcError(GrpcStatus.ALREADY_EXISTS, 'x', [], undefined, 'ALREADY_REVIEWED'))).toEqual({
      status: 409,
      result: { intent: 'shopReview', error: { key: 'shopReviews.already' } },
    });
    expect(refused(new RpcError(GrpcStatus.PERMISSION_DENIED, 'x', [], undefined, 'OWN_SHOP'))).toEqual({
      status: 403,
      result: { intent: 'shopReview', error: { key: 'shopReviews.ownShop' } },
    });
    expect(refused(new RpcError(GrpcStatus.RESOURCE_EXHAUSTED, 'x', [], 3_600_000, 'REVIEW_LIMIT_REACHED'))).toEqual({
      status: 429,
      result: { intent: 'shopReview', error: { key: 'shopReviews.limit', values: { seconds: 3600 } } },
    });
    expect(refused(new RpcError(GrpcStatus.NOT_FOUND, 'shop s1 not found'))).toEqual({
      status: 404,
      result: { intent: 'shopReview', error: { key: 'common.notFound' } },
    });
    const logged = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(refused(new RpcError(GrpcStatus.UNAVAILABLE, 'down')).result).toEqual({
      intent: 'shopReview',
      error: { key: 'common.unavailable' },
    });
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('puts offers’ field violations at the form’s fields, with the texts of their limits', () => {
    const violations = [
      { field: 'rating', reason: 'between 1 and 5', rule: 'between' },
      { field: 'title', reason: 'at most 120 characters', rule: 'max' },
      { field: 'body', reason: 'at least 20 characters', rule: 'min' },
      { field: 'language', reason: 'one of de, en, fr, it, es, pt', rule: 'in' },
    ];
    expect(refused(new RpcError(GrpcStatus.INVALID_ARGUMENT, 'bad', violations))).toEqual({
      status: 400,
      result: {
        intent: 'shopReview',
        errors: {
          rating: 'shopReviews.validation.rating',
          title: 'shopReviews.validation.titleMax',
          body: 'shopReviews.validation.bodyMin',
          form: 'common.failed',
        },
      },
    });
    const longBody = [{ field: 'body', reason: 'at most 5000 characters', rule: 'max' }];
    expect(refused(new RpcError(GrpcStatus.INVALID_ARGUMENT, 'bad', longBody)).result.errors).toEqual({
      body: 'shopReviews.validation.bodyMax',
    });
  });

  it('says who may reply, and a reply that is too long, at the reply form', () => {
    const reply = (error: RpcError) => formFailure(error, 'reply', REPLY_REASONS, replyViolations);
    expect(reply(new RpcError(GrpcStatus.PERMISSION_DENIED, 'x', [], undefined, 'NOT_SHOP_OWNER'))).toEqual({
      status: 403,
      result: { intent: 'reply', error: { key: 'shopReviews.owner.notOwner' } },
    });
    const tooLong = [{ field: 'body', reason: 'at most 2000 characters', rule: 'max' }];
    expect(reply(new RpcError(GrpcStatus.INVALID_ARGUMENT, 'bad', tooLong)).result.errors).toEqual({
      body: 'shopReviews.validation.replyMax',
    });
  });
});
