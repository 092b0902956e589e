import type { Region } from './api/stores-api';

/**
 * The 17 province-level values of the Region enum (schema.d.ts), in the API's order, with their
 * Korean and English names: a place name is shown in both, whatever the page's language.
 */
export const REGIONS = [
  { value: 'SEOUL', ko: '서울특별시', en: 'Seoul' },
  { value: 'BUSAN', ko: '부산광역시', en: 'Busan' },
  { value: 'DAEGU', ko: '대구광역시', en: 'Daegu' },
  { value: 'INCHEON', ko: '인천광역시', en: 'Incheon' },
  { value: 'GWANGJU', ko: '광주광역시', en: 'Gwangju' },
  { value: 'DAEJEON', ko: '대전광역시', en: 'Daejeon' },
  { value: 'ULSAN', ko: '울산광역시', en: 'Ulsan' },
  { value: 'SEJONG', ko: '세종특별자치시', en: 'Sejong' },
  { value: 'GYEONGGI', ko: '경기도', en: 'Gyeonggi' },
  { value: 'GANGWON', ko: '강원특별자치도', en: 'Gangwon' },
  { value: 'CHUNGBUK', ko: '충청북도', en: 'North Chungcheong' },
  { value: 'CHUNGNAM', ko: '충청남도', en: 'South Chungcheong' },
  { value: 'JEONBUK', ko: '전북특별자치도', en: 'North Jeolla' },
  { value: 'JEONNAM', ko: '전라남도', en: 'South Jeolla' },
  { value: 'GYEONGBUK', ko: '경상북도', en: 'North Gyeongsang' },
  { value: 'GYEONGNAM', ko: '경상남도', en: 'South Gyeongsang' },
  { value: 'JEJU', ko: '제주특별자치도', en: 'Jeju' },
] as const satisfies ReadonlyArray<{ value: Region; ko: string; en: string }>;

/** "서울특별시 · Seoul" for a Korean reader, "Seoul · 서울특별시" for an English one. */
export const regionLabel = (value: Region, language: 'ko' | 'en'): string => {
  const region = REGIONS.find((r) => r.value === value);
  if (!region) return value;
  return language === 'ko' ? `${region.ko} · ${region.en}` : `${region.en} · ${region.ko}`;
};
