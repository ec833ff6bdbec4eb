import { InvalidArgumentError } from '../../errors/domain-errors.js';
import type { Filter } from '../document-store.js';
import { seedProducts } from './document-store-contract-fixtures.js';
import { idsOf, type ContractHarness } from './document-store-contract-harness.js';

// [what, filter, ids expected in the default order (by _id)]
const CASES: readonly (readonly [string, Filter, readonly string[]])[] = [
  ['equality on a string', { brand: 'acme' }, ['p1', 'p2', 'p7']],
  ['equality on a number does not match a numeric string', { price: 1999 }, ['p1', 'p4']],
  ['equality on a numeric string does not match the number', { price: '1999' }, ['p6']],
  ['equality on true does not match the number 1', { inStock: true }, ['p1', 'p3', 'p4', 'p6']],
  ['equality on 1 does not match true', { inStock: 1 }, ['p7']],
  ['$in with 0 and 1 does not match false and true', { inStock: { $in: [0, 1] } }, ['p7']],
  ['a string never equals an object, even its JSON text', { dims: '{"w":3}' }, []],
  ['$in of strings never matches an object', { dims: { $in: ['{"w":3}', '{"w": 3}'] } }, []],
  ['null matches null and missing fields', { brand: null }, ['p5', 'p6']],
  ['$eq is equality', { brand: { $eq: 'chiquita' } }, ['p3']],
  ['$ne includes null and missing fields', { brand: { $ne: 'acme' } }, ['p3', 'p4', 'p5', 'p6']],
  ['$ne null means present and not null', { brand: { $ne: null } }, ['p1', 'p2', 'p3', 'p4', 'p7']],
  ['$in on strings', { brand: { $in: ['chiquita', 'hindenburg', 'nobody'] } }, ['p3', 'p4']],
  ['$in on numbers', { price: { $in: [99, 0] } }, ['p3', 'p5']],
  ['$in mixing types matches each by its own type', { price: { $in: [99, '1999'] } }, ['p3', 'p6']],
  ['$in with null matches missing fields', { price: { $in: [null, 0] } }, ['p5', 'p7']],
  ['$in with an empty list matches nothing', { brand: { $in: [] } }, []],
  ['$gt on numbers skips strings', { price: { $gt: 1999 } }, ['p2']],
  ['$gte on numbers', { price: { $gte: 1999 } }, ['p1', 'p2', 'p4']],
  ['$lt on numbers skips missing fields', { price: { $lt: 100 } }, ['p3', 'p5']],
  ['$lte on numbers', { price: { $lte: 99 } }, ['p3', 'p5']],
  ['a range of two operators', { price: { $gte: 99, $lt: 2000 } }, ['p1', 'p3', 'p4']],
  ['$gt on strings compares code points and skips numbers', { name: { $gt: 'Z' } }, ['p4', 'p5', 'p7']],
  ['a string range', { name: { $gte: 'B', $lt: 'S' } }, ['p2', 'p3']],
  ['a string range never matches objects', { dims: { $gte: '' } }, []],
  ['a string range on an array field matches its string elements', { tags: { $gte: 'b' } }, ['p1', 'p2', 'p5']],
  ['$exists true includes null values', { brand: { $exists: true } }, ['p1', 'p2', 'p3', 'p4', 'p5', 'p7']],
  ['$exists false', { brand: { $exists: false } }, ['p6']],
  ['a dotted path', { 'dims.w': { $gt: 10 } }, ['p1', 'p2', 'p7']],
  ['a dotted path to a missing field', { 'dims.h': { $exists: false } }, ['p3', 'p4', 'p5', 'p6']],
  ['an array field matches when any element matches', { tags: 'heavy' }, ['p1', 'p5']],
  ['the same field holding a scalar still matches', { tags: 'airship' }, ['p4']],
  ['$in on an array field', { tags: { $in: ['travel', 'airship'] } }, ['p2', 'p4', 'p5']],
  ['$ne on an array field: no element equals', { tags: { $ne: 'heavy' } }, ['p2', 'p3', 'p4', 'p6', 'p7']],
  ['$exists on an empty array', { tags: { $exists: true } }, ['p1', 'p2', 'p3', 'p4', 'p5']],
  ['a dotted path through an array of objects', { 'variants.color': 'white' }, ['p2']],
  ['a dotted path through an object where others hold arrays', { 'variants.color': 'silver' }, ['p4']],
  ['$in through an array of objects', { 'variants.color': { $in: ['black', 'silver'] } }, ['p1', 'p4']],
  ['$exists through an array of objects', { 'variants.size': { $exists: true } }, ['p1']],
  ['several fields must all hold', { brand: 'acme', price: { $lt: 10000 } }, ['p1']],
  ['conditions on _id', { _id: { $in: ['p1', 'p3', 'nope'] } }, ['p1', 'p3']],
  ['a range on _id', { _id: { $gt: 'p5' } }, ['p6', 'p7']],
  ['an empty filter matches everything', {}, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']],
];

const INVALID: readonly (readonly [string, unknown])[] = [
  ['an unknown operator', { name: { $regex: '^A' } }],
  ['a top-level operator', { $or: [{ brand: 'acme' }] }],
  ['a path with SQL or query syntax', { "brand') OR 1=1 --": 'x' }],
  ['a path with a $ segment', { 'dims.$w': 1 }],
  ['an embedded document as a value', { dims: { w: 30 } }],
  ['an array as a value', { tags: ['heavy'] }],
  ['a non-array $in', { brand: { $in: 'acme' } }],
  ['a non-boolean $exists', { brand: { $exists: 1 } }],
];

export function describeFind(h: ContractHarness): void {
  it.each(CASES)('finds by %s', async (_what, filter, expected) => {
    const col = await seedProducts(await h.open(), h.uniqueName('find'));
    expect(idsOf(await col.find(filter))).toEqual(expected);
    expect(await col.count(filter)).toBe(expected.length);
  });

  it.each(INVALID)('rejects %s with InvalidArgumentError', async (_what, filter) => {
    const col = await seedProducts(await h.open(), h.uniqueName('bad'));
    await expect(col.find(filter as Filter)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(col.count(filter as Filter)).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(await col.count()).toBe(7); // and nothing was harmed
  });
}
