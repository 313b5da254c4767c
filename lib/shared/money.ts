// The API speaks roubles (at most 2 decimals); the database stores integer kopecks.
export const toKopecks = (roubles: number): number => Math.round(roubles * 100);
export const toRoubles = (kopecks: number): number => kopecks / 100;
