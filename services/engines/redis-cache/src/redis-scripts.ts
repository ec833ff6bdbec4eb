/**
 * Lua scripts of the Redis cache. A script runs atomically on the server, so each
 * read-modify-write below is one round trip with no other command in between.
 */

/**
 * KEYS[1] counter; ARGV[1] step; ARGV[2] TTL in ms, or '' for none.
 * EXISTS before INCRBY: the TTL is set when the counter is created and only then (PEXPIRE NX
 * would also put one on an existing counter that has none). A non-integer value makes INCRBY
 * fail, which aborts the script before anything is written.
 */
export const INCREMENT_SCRIPT = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if created and ARGV[2] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return value
`;

/**
 * KEYS[1] window counter; ARGV[1] limit; ARGV[2] window in ms. Returns {allowed 0|1, remaining,
 * retryAfterMs}. Fixed window opened by the first hit: the counter expires windowMs after it.
 * Redis keeps a key through its expiry millisecond (it expires once now > at), so the first hit
 * allowed again comes PTTL + 1 ms later — the same as the embedded adapter; capped at the window
 * for a refusal within the window's first millisecond (the embedded clock is fractional there).
 */
export const HIT_SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], window)
  ttl = window
end
if count <= limit then return {1, limit - count, 0} end
return {0, 0, math.min(ttl + 1, window)}
`;
