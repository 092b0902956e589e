import { useEffect, useState } from 'react';

/** The time, renewed every `everyMs`: statuses computed from effectiveAt follow the clock by themselves. */
export const useNow = (everyMs = 15_000): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
};
