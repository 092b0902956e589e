/**
 * Sets `key` as the newest entry of a Map used as a bounded cache (insertion order = age): an
 * existing entry moves to the end, and the oldest is dropped when the map already holds `max`.
 */
export const setNewest = <K, V>(map: Map<K, V>, key: K, value: V, max: number): void => {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
};
