/**
 * A duration as the test scripts print it: "42.3 s" under a minute, else whole minutes and
 * seconds ("4 min 00 s"). Rounded once, so 239.6 s reads "4 min 00 s", never "3 min 60 s".
 * @param {number} s seconds
 */
export const duration = (s) => {
  if (s < 59.95) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};
