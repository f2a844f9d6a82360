/** The first line of every file rendered from the topology. */
export const GENERATED_NOTICE =
  '# Rendered from libs/topology by `npm run topology:render`: edit the topology, not this file.';
