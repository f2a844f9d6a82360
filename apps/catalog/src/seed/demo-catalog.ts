import { contentAddressedName } from '../images/image-storage';
import type { CatalogDatabase, CatalogTx } from '../database';
import type { Prisma } from '../generated/prisma/client';
import type { NewProduct } from '../products/new-product';
import { withParticle } from '@mkt/contracts';
import { createProducts } from '../products/new-product';
import {
  DEMO_ADJECTIVES,
  DEMO_CATEGORY_TREE,
  DEMO_OPTION_SETS,
  DEMO_REVIEWS,
  DEMO_SELLERS,
  DEMO_SHOPPERS,
} from './demo-data';

/** A deterministic generator, so every fresh demo store is the same store. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: T[]): T => list[Math.floor(next() * list.length)],
  };
}

const PALETTE = ['#5f0080', '#1f7a5a', '#c2410c', '#1d4ed8', '#be185d', '#0f766e', '#854d0e', '#6d28d9'];

/** A simple square product picture: a colour field with the product's noun. */
export function productSvg(label: string, colour: string): string {
  const text = label.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f5f0ff"/></linearGradient></defs>
<rect width="480" height="480" fill="url(#g)"/><circle cx="240" cy="200" r="92" fill="#ffffff" opacity="0.35"/>
<text x="240" y="330" font-family="'NanumGothic','Noto Sans KR',sans-serif" font-size="38" font-weight="700" fill="#ffffff" text-anchor="middle">${text}</text>
</svg>`;
}

export interface SeedSummary {
  categories: number;
  products: number;
  reviews: number;
}

const DAY_MS = 86_400_000;

/**
 * The demo store a first start shows: 16 top categories with middle and detail levels under the
 * root category 1, and products with Korean names, options, stock, sale percents, a picture each and some reviews.
 * Does nothing when categories exist.
 */
export async function seedDemoCatalog(
  db: CatalogDatabase,
  { productsPerCategory = 16 } = {},
): Promise<SeedSummary | null> {
  if ((await db.category.count()) > 0) return null;
  // One transaction: one commit instead of thousands makes the first start several times faster.
  return db.$transaction((tx) => seedInto(tx, productsPerCategory), {
    maxWait: 60_000,
    timeout: 600_000,
  });
}

async function seedInto(db: CatalogTx, productsPerCategory: number): Promise<SeedSummary> {
  const random = randomFrom(20261122);
  const root = await db.category.create({ data: { cateName: '전체', depth: 0 } });
  let categories = 1;
  const products: NewProduct[] = [];
  const reviewsOf: Omit<Prisma.ReviewCreateManyInput, 'pno'>[][] = [];
  const pictures: [name: string, svg: string][] = [];
  const now = Date.now();
  for (const [topName, middles] of Object.entries(DEMO_CATEGORY_TREE)) {
    const top = await db.category.create({ data: { cateName: topName, depth: 1, superCtno: root.ctno } });
    categories++;
    for (const [middleName, details] of Object.entries(middles)) {
      const middle = await db.category.create({
        data: { cateName: middleName, depth: 2, superCtno: top.ctno },
      });
      categories++;
      for (const [detailName, nouns] of Object.entries(details)) {
        const detail = await db.category.create({
          data: { cateName: detailName, depth: 3, superCtno: middle.ctno },
        });
        categories++;
        for (let i = 0; i < productsPerCategory; i++) {
          const noun = nouns[i % nouns.length];
          const seller = random.int(0, DEMO_SELLERS.length - 1);
          const optionSet = random.pick(DEMO_OPTION_SETS);
          const svg = productSvg(noun, PALETTE[(detail.ctno + i) % PALETTE.length]);
          const imageName = contentAddressedName(svg, 'svg');
          pictures.push([imageName, svg]);
          products.push({
            pName: `[${DEMO_SELLERS[seller]}] ${random.pick(DEMO_ADJECTIVES)} ${noun}${i >= nouns.length ? ` ${Math.floor(i / nouns.length) + 1}호` : ''}`,
            pContent: `${topName} > ${middleName} > ${detailName}. 매일 아침 검수한 ${withParticle(noun, '을/를')} 신선하게 보내 드립니다.`,
            pPrice: random.int(19, 899) * 100,
            pSalePer: random.pick([0, 5, 10, 15, 20, 25, 30, 40, 50]),
            pSalesVol: random.int(0, 5_000),
            sellerId: seller + 1,
            businessName: DEMO_SELLERS[seller],
            ctnos: [detail.ctno],
            options: optionSet.map((o) => ({
              odName: o.name,
              odPrice: o.price,
              odStock: random.int(0, 60) === 0 ? 0 : random.int(1, 300),
            })),
            imageNames: [imageName],
          });
          const reviewCount = random.pick([0, 0, 1, 2, 3, 5, 8]);
          reviewsOf.push(
            Array.from({ length: reviewCount }, (_, n) => {
              const review = random.pick(DEMO_REVIEWS);
              const shopper = random.pick(DEMO_SHOPPERS);
              return {
                mno: DEMO_SHOPPERS.indexOf(shopper) + 1,
                mName: shopper,
                ...review,
                odName: random.pick(optionSet).name,
                reviewLike: random.int(0, 40),
                regDate: new Date(now - (reviewCount - n) * random.int(1, 9) * DAY_MS),
              };
            }),
          );
        }
      }
    }
  }
  // The pictures go into the database with the rows (DatabaseImageStorage reads them).
  const pnos = await createProducts(db, products);
  await db.imageFile.createMany({
    data: pictures.map(([name, svg]) => ({ name, data: Buffer.from(svg) })),
    skipDuplicates: true,
  });
  const reviews = reviewsOf.flatMap((list, i) => list.map((review) => ({ ...review, pno: pnos[i] })));
  await db.review.createMany({ data: reviews });
  return { categories, products: products.length, reviews: reviews.length };
}
