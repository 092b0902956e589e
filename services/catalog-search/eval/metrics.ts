/** nDCG@k with gains 2^grade − 1 (ideal: the best k grades of the whole judged catalog) and MRR of the first fully relevant (grade 2) result. */
export const ndcgAt = (ranked: number[], allGrades: number[], k = 10): number => {
  const dcg = (gs: number[]) => gs.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...allGrades].sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked) / ideal;
};

export const reciprocalRank = (ranked: number[], relevant = 2): number => {
  const i = ranked.findIndex((g) => g >= relevant);
  return i < 0 ? 0 : 1 / (i + 1);
};

export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The plain baseline: tracks ranked by how many query words occur as words of their title. */
export const titleKeywordRank = <T extends { id: string; title: string }>(tracks: T[], words: string[], k = 10): T[] => {
  const ws = words.map((w) => w.toLowerCase()).filter((w) => w.length > 1);
  return tracks
    .map((t, i) => {
      const title = new Set(t.title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
      return { t, i, hits: ws.filter((w) => title.has(w)).length };
    })
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.i - b.i)
    .slice(0, k)
    .map((x) => x.t);
};
