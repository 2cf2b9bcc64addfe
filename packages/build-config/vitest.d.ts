export declare const sourceResolve: {
  resolve: { conditions: string[] };
  ssr: { resolve: { conditions: string[] } };
};
