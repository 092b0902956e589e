import { z } from 'zod';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** C0 controls other than tab, line feed and carriage return, and DEL. */
const hasControlCharacter = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
};

/** Text that PostgreSQL can store and people can read: no NUL or other control characters, no lone surrogates. */
export const cleanText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasControlCharacter(s), { message: 'must not contain control characters' })
    .refine((s) => !LONE_SURROGATE.test(s), { message: 'must be well-formed Unicode' });

export const notBlank = (max: number) => cleanText(max).refine((s) => s.trim().length > 0, { message: 'must not be blank' });

export const isoInstant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

/** The 17 province-level regions (organization's enumeration, spec 03 § HQ view of stores). */
export const REGIONS = [
  'SEOUL', 'BUSAN', 'DAEGU', 'INCHEON', 'GWANGJU', 'DAEJEON', 'ULSAN', 'SEJONG', 'GYEONGGI',
  'GANGWON', 'CHUNGBUK', 'CHUNGNAM', 'JEONBUK', 'JEONNAM', 'GYEONGBUK', 'GYEONGNAM', 'JEJU',
] as const;

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });
