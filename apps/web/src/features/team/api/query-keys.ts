/** Every team query starts so: the team lists, its summary and its analysis. */
export const teamQueryKeys = { all: ['team'] } as const;
