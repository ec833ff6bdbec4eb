import { mongo } from 'mongoose';
import { AlreadyExistsError, UnavailableError } from '@pc/kit/errors/domain-errors';
import { translateMongoError } from './mongo-errors.js';

// The shapes seen from the driver and FerretDB while the server restarts or refuses a value.
describe('translateMongoError', () => {
  it('reports a lost connection as UnavailableError, also when a bulkWrite wraps it', () => {
    const network = new mongo.MongoNetworkError('connection 1 to 127.0.0.1:27017 closed');
    const bulk = Object.assign(new Error('connection 1 to 127.0.0.1:27017 closed'), {
      name: 'MongoBulkWriteError',
      errorResponse: network,
      writeErrors: [],
    });
    expect(translateMongoError(network, 'offers')).toBeInstanceOf(UnavailableError);
    expect(translateMongoError(bulk, 'offers')).toBeInstanceOf(UnavailableError);
  });

  it('reports operations ended by a shutdown as UnavailableError (MongoDB and FerretDB forms)', () => {
    const mongod = new mongo.MongoServerError({ ok: 0, code: 11600, errmsg: 'interrupted at shutdown' });
    const ferret = new mongo.MongoServerError({
      ok: 0,
      code: 1,
      codeName: 'InternalError',
      errmsg: '[db.go:134] context canceled',
    });
    expect(translateMongoError(mongod, 'offers')).toBeInstanceOf(UnavailableError);
    expect(translateMongoError(ferret, 'offers')).toBeInstanceOf(UnavailableError);
  });

  it('reports a unique index refusing a value as AlreadyExistsError (MongoDB and FerretDB forms)', () => {
    const mongod = new mongo.MongoServerError({ ok: 0, code: 11000, errmsg: 'E11000 duplicate key error' });
    const ferret = new mongo.MongoServerError({
      ok: 0,
      code: 1,
      errmsg: "UNIQUE constraint failed: index 'x_ux(email)' (2067)",
    });
    expect(translateMongoError(mongod, 'offers')).toBeInstanceOf(AlreadyExistsError);
    expect(translateMongoError(ferret, 'offers')).toBeInstanceOf(AlreadyExistsError);
  });

  it('leaves other errors as they are', () => {
    const other = new mongo.MongoServerError({ ok: 0, code: 2, errmsg: 'BadValue' });
    expect(translateMongoError(other, 'offers')).toBe(other);
  });
});
