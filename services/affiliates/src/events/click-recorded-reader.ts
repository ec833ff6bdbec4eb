/**
 * What the click fold needs of one ClickRecorded, read straight from the event's bytes (proto3
 * wire format): the envelope's type and payload, and of the click its id, offer, product, shop,
 * advertisement, country, `counted` and `clicked_at`. Every other field is skipped unread. The
 * generated decoders build all 22 fields of the click, its money and three timestamps per event,
 * which was most of a catch-up's CPU once the documents stayed decoded (ADR 062).
 * Field numbers: proto/events/v1/envelope.proto, proto/affiliates/events/v1, proto/affiliates/v1/types.proto.
 */
export interface RecordedClick {
  readonly type: string;
  readonly id: string;
  readonly offerId: string;
  readonly productId: string;
  readonly shopId: string;
  readonly advertisementId: string;
  readonly country: string;
  readonly counted: boolean;
  /** null when the click has none. */
  readonly clickedAt: Date | null;
}

const VARINT = 0;
const FIXED64 = 1;
const LENGTH_DELIMITED = 2;
const FIXED32 = 5;

class WireReader {
  private readonly bytes: Buffer;

  constructor(
    value: Uint8Array,
    public position: number,
    public readonly end: number,
  ) {
    this.bytes = Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }

  get done(): boolean {
    return this.position >= this.end;
  }

  /**
   * A varint as a number: exact up to 2^53; ten bytes are a negative int32 or int64 (two's
   * complement), read again exactly as such (rare: a time before 1970).
   */
  varint(): number {
    const start = this.position;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i += 1) {
      if (this.position >= this.end) throw new Error('ClickRecorded: truncated varint');
      const byte = this.bytes[this.position++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return i < 9 ? value : this.negative(start);
      scale *= 128;
    }
    throw new Error('ClickRecorded: varint too long');
  }

  private negative(start: number): number {
    let value = 0n;
    for (let i = 0; i < 10; i += 1) value |= BigInt(this.bytes[start + i]! & 0x7f) << BigInt(7 * i);
    return Number(BigInt.asIntN(64, value));
  }

  /** The [start, end) of a length-delimited field's content, skipped over. */
  span(): [number, number] {
    const length = this.varint();
    const start = this.position;
    this.position += length;
    if (this.position > this.end) throw new Error('ClickRecorded: truncated field');
    return [start, this.position];
  }

  string(): string {
    const [start, end] = this.span();
    return this.bytes.toString('utf8', start, end);
  }

  skip(wireType: number): void {
    if (wireType === VARINT) this.varint();
    else if (wireType === FIXED64) this.position += 8;
    else if (wireType === LENGTH_DELIMITED) this.span();
    else if (wireType === FIXED32) this.position += 4;
    else throw new Error(`ClickRecorded: unsupported wire type ${wireType}`);
  }

  inner([start, end]: [number, number]): WireReader {
    return new WireReader(this.bytes, start, end);
  }
}

/** Reads a message's fields; `field` takes the ones it wants and answers false to have one skipped. */
function eachField(reader: WireReader, field: (number: number, wireType: number) => boolean): void {
  while (!reader.done) {
    const tag = reader.varint();
    const wireType = tag & 7;
    if (!field(Math.floor(tag / 8), wireType)) reader.skip(wireType);
  }
}

function timestamp(reader: WireReader): Date {
  let seconds = 0;
  let nanos = 0;
  eachField(reader, (number, wireType) => {
    if (wireType !== VARINT) return false;
    if (number === 1) seconds = reader.varint();
    else if (number === 2) nanos = reader.varint();
    else return false;
    return true;
  });
  return new Date(seconds * 1000 + Math.floor(nanos / 1_000_000));
}

/** The fold's fields of one ClickRecorded event (the envelope's bytes as the bus delivers them). */
export function readRecordedClick(value: Uint8Array): RecordedClick {
  const envelope = new WireReader(value, 0, value.byteLength);
  let type = '';
  let payload: [number, number] = [0, 0];
  eachField(envelope, (number, wireType) => {
    if (wireType !== LENGTH_DELIMITED) return false;
    if (number === 4) type = envelope.string();
    else if (number === 5) payload = envelope.span();
    else return false;
    return true;
  });
  const click = { id: '', offerId: '', productId: '', shopId: '', advertisementId: '', country: '' };
  let counted = false;
  let clickedAt: Date | null = null;
  const recorded = envelope.inner(payload);
  eachField(recorded, (number, wireType) => {
    if (number !== 2 || wireType !== LENGTH_DELIMITED) return false;
    const fields = recorded.inner(recorded.span());
    eachField(fields, (field, type) => {
      if (type === VARINT && field === 17) counted = fields.varint() !== 0;
      else if (type !== LENGTH_DELIMITED) return false;
      else if (field === 1) click.id = fields.string();
      else if (field === 4) click.offerId = fields.string();
      else if (field === 5) click.productId = fields.string();
      else if (field === 6) click.shopId = fields.string();
      else if (field === 8) click.advertisementId = fields.string();
      else if (field === 13) click.country = fields.string();
      else if (field === 18) clickedAt = timestamp(fields.inner(fields.span()));
      else return false;
      return true;
    });
    return true;
  });
  return { type, ...click, counted, clickedAt };
}
