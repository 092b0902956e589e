import { useEffect, useState } from 'react';

/** The current time, re-read every `everyMs`, so "x minutes ago" ages while the page stays open. */
export const useNow = (everyMs: number): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
};
