import { ConnectionError } from './errors.js';
import { DEFAULT_MAX_FRAME_SIZE, DEFAULT_WINDOW, ErrorCode, MAX_ALLOWED_FRAME_SIZE, MAX_WINDOW, Setting } from './protocol.js';

/** What the peer told us in its SETTINGS frames, defaults until then (RFC 9113 §6.5.2). */
export class PeerSettings {
  headerTableSize = 4096;
  maxConcurrentStreams = Infinity;
  initialWindowSize = DEFAULT_WINDOW;
  maxFrameSize = DEFAULT_MAX_FRAME_SIZE;

  /**
   * Applies one SETTINGS payload; returns how much the initial stream window changed (open
   * streams' windows move by as much, §6.9.2). Invalid values are connection errors.
   */
  apply(payload: Buffer, isClient: boolean): number {
    if (payload.length % 6 !== 0) throw new ConnectionError(ErrorCode.FRAME_SIZE_ERROR, 'SETTINGS length not a multiple of 6');
    let windowDelta = 0;
    for (let offset = 0; offset < payload.length; offset += 6) {
      const id = payload.readUInt16BE(offset);
      const value = payload.readUInt32BE(offset + 2);
      switch (id) {
        case Setting.HEADER_TABLE_SIZE:
          this.headerTableSize = value;
          break;
        case Setting.ENABLE_PUSH:
          if (value > 1 || (isClient && value === 1)) throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'invalid SETTINGS_ENABLE_PUSH');
          break;
        case Setting.MAX_CONCURRENT_STREAMS:
          this.maxConcurrentStreams = value;
          break;
        case Setting.INITIAL_WINDOW_SIZE:
          if (value > MAX_WINDOW) throw new ConnectionError(ErrorCode.FLOW_CONTROL_ERROR, 'SETTINGS_INITIAL_WINDOW_SIZE too large');
          windowDelta += value - this.initialWindowSize;
          this.initialWindowSize = value;
          break;
        case Setting.MAX_FRAME_SIZE:
          if (value < DEFAULT_MAX_FRAME_SIZE || value > MAX_ALLOWED_FRAME_SIZE) {
            throw new ConnectionError(ErrorCode.PROTOCOL_ERROR, 'invalid SETTINGS_MAX_FRAME_SIZE');
          }
          this.maxFrameSize = value;
          break;
        default:
          // SETTINGS_MAX_HEADER_LIST_SIZE is advisory; unknown settings must be ignored.
          break;
      }
    }
    return windowDelta;
  }
}

/** The SETTINGS payload this end opens with. */
export function settingsPayload(values: readonly (readonly [number, number])[]): Buffer {
  const payload = Buffer.alloc(values.length * 6);
  values.forEach(([id, value], i) => {
    payload.writeUInt16BE(id, i * 6);
    payload.writeUInt32BE(value, i * 6 + 2);
  });
  return payload;
}
