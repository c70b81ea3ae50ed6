import type { BenchRow } from '../../../../../bench/types';
export async function docxBench(): Promise<BenchRow[]> {
  return [];
}
