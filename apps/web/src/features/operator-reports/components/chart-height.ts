/** The charts' own height, known before their library loads so the placeholder matches. */
export const CHART_HEIGHT = 220;
