import { fieldErrors, formInput } from '~/auth/page-forms';
import { reviewForm } from './forms';

const errorsOf = (posted: Record<string, string>) => {
  const result = reviewForm.safeParse(formInput(posted));
  return result.success ? {} : fieldErrors(result.error);
};

describe('the review form', () => {
  it('takes stars, a title and a text, the stars as a number', () => {
    expect(reviewForm.parse({ product_id: 'p1', rating: '4', title: ' Quiet ', body: 'Good fit.' })).toEqual({
      product_id: 'p1',
      rating: 4,
      title: 'Quiet',
      body: 'Good fit.',
    });
  });

  it('needs stars from one to five and a text, and keeps to what catalog takes', () => {
    expect(errorsOf({ product_id: 'p1', rating: '6', body: ' ' })).toEqual({
      rating: 'validation.required',
      body: 'validation.required',
    });
    expect(errorsOf({ product_id: 'p1', rating: '5', title: 'x'.repeat(201), body: 'y'.repeat(10_001) })).toEqual({
      title: 'validation.max',
      body: 'validation.max',
    });
  });
});
