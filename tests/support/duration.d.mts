/** A duration in seconds as the test scripts print it ("42.3 s", "4 min 00 s"). */
export declare const duration: (s: number) => string;
