import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** One synthetic item: realistic field sizes (title, a 200-character description, URLs, codes). */
function itemFields(index: number) {
  const gtinBody = String(400638100000 + index).padStart(12, '0');
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(gtinBody[i]) * (i % 2 === 0 ? 1 : 3);
  const gtin = `${gtinBody}${(10 - (sum % 10)) % 10}`;
  const euros = 5 + ((index * 7919) % 150_000) / 100;
  return {
    id: `SKU-${index}`,
    title: `Brand${index % 97} Model ${index} wireless headphones, black, ${index % 7} colours`,
    description: `Item ${index}: over-ear headphones with active noise cancelling, 30 hours of battery, fast charging and a carrying case. Ships within two working days.`,
    link: `https://shop.example.ch/p/item-${index}`,
    image: `https://shop.example.ch/img/${index}.jpg`,
    price: euros.toFixed(2),
    brand: `Brand${index % 97}`,
    gtin,
    mpn: `MPN-${index}`,
    category: '505771',
    productType: 'Electronics > Audio > Headphones',
  };
}

async function writeAll(path: string, parts: Generator<string>): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  let buffer = '';
  for (const part of parts) {
    buffer += part;
    if (buffer.length >= 1 << 16) {
      bytes += Buffer.byteLength(buffer);
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  bytes += Buffer.byteLength(buffer);
  out.end(buffer);
  await once(out, 'finish');
  return bytes;
}

/** A CSV feed of `rows` items (Google column names, comma-separated, some quoted cells). */
export function writeCsvFeed(path: string, rows: number): Promise<number> {
  return writeAll(
    path,
    (function* () {
      yield 'id,title,description,link,image_link,availability,price,brand,gtin,mpn,condition,google_product_category,product_type\n';
      for (let i = 1; i <= rows; i += 1) {
        const f = itemFields(i);
        yield `${f.id},"${f.title}","${f.description}",${f.link},${f.image},in stock,${f.price} CHF,${f.brand},${f.gtin},${f.mpn},new,${f.category},${f.productType}\n`;
      }
    })(),
  );
}

/** A Google Merchant RSS feed of at least `targetBytes` (whole items). */
export function writeXmlFeed(path: string, targetBytes: number): Promise<number> {
  return writeAll(
    path,
    (function* () {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>bench</title>\n';
      let written = 0;
      for (let i = 1; written < targetBytes; i += 1) {
        const f = itemFields(i);
        const item =
          `<item><g:id>${f.id}</g:id><g:title>${f.title}</g:title><g:description>${f.description}</g:description><g:link>${f.link}</g:link>` +
          `<g:image_link>${f.image}</g:image_link><g:availability>in_stock</g:availability><g:price>${f.price} CHF</g:price><g:brand>${f.brand}</g:brand>` +
          `<g:gtin>${f.gtin}</g:gtin><g:mpn>${f.mpn}</g:mpn><g:condition>new</g:condition><g:google_product_category>${f.category}</g:google_product_category>` +
          `<g:product_type>${f.productType.replace(/>/g, '&gt;')}</g:product_type><g:shipping><g:country>CH</g:country><g:service>Post</g:service><g:price>7.90 CHF</g:price></g:shipping></item>\n`;
        written += item.length;
        yield item;
      }
      yield '</channel></rss>\n';
    })(),
  );
}
