/**
 * Remembers `compute`'s results for up to `max` keys, then starts afresh. For
 * pure, costly steps whose inputs recur (the query strings and ids clients
 * send again and again). A call that throws is not remembered.
 */
export function boundedMemo<Value>(compute: (key: string) => Value, max = 512): (key: string) => Value {
  const remembered = new Map<string, Value>();
  return (key) => {
    const known = remembered.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (remembered.size >= max) remembered.clear();
    remembered.set(key, value);
    return value;
  };
}
