import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, sourceFiles } from './import-graph';

/** A part of the house drawn as rooms on floors (README, layout), from the ground floor up. */
interface FloorPlan {
  dir: string;
  floors: readonly (readonly string[])[];
}

/**
 * The rooms of src/ and gateway/ from the ground floor up (README, layout): a file may import from its own room and
 * from rooms on its floor or lower ones, never from a higher one, so a lower room never depends on what is built on
 * top of it.
 */
const PLANS: readonly FloorPlan[] = [
  {
    dir: 'src',
    floors: [
      ['platform', 'i18n', 'styles', 'workers.ts', 'vite-env.d.ts', 'bridge'],
      ['settings', 'ui'],
      ['session'],
      ['api'],
      ['security'],
      ['auth'],
      ['account', 'asset', 'content', 'fees', 'markets', 'protection-fund', 'reserves', 'simulation', 'terms', 'trade'],
      ['app', 'in-app'],
      ['routes', 'routeTree.gen.ts', 'router.tsx', 'main.tsx'],
    ],
  },
  {
    dir: 'gateway',
    floors: [
      ['log', 'http', 'db', 'local-mode.ts'],
      ['security', 'market', 'money', 'faults'],
      ['static'],
      ['auth'],
      ['third', 'api-keys'],
      ['fees', 'protection-fund'],
      ['trading'],
      ['asset', 'reserves', 'content', 'images'],
      ['v2-api', 'dev'],
      ['stream', 'sub-accounts'],
      ['migrations.ts', 'open-database.ts', 'app.ts'],
      ['server.ts', 'api-key-cli.ts'],
      ['main.ts'],
    ],
  },
];

function withoutExtension(name: string): string {
  return name.replace(/(\.d)?\.(tsx?|mjs)$/, '');
}

function floorOf(plan: FloorPlan, path: string): number {
  const room = withoutExtension(relative(join(ROOT, plan.dir), path).split('/')[0] ?? '');
  const floor = plan.floors.findIndex((rooms) => rooms.some((name) => withoutExtension(name) === room));
  if (floor < 0) throw new Error(`${plan.dir}/${room} is in no room of the floor plan: add it to PLANS`);
  return floor;
}

/** Every import of the plan's folder that climbs to a higher floor, as "from → to". */
function climbingImports(plan: FloorPlan): string[] {
  const dir = join(ROOT, plan.dir);
  const climbs: string[] = [];
  for (const file of sourceFiles(dir)) {
    for (const target of importsOf(file)) {
      if (!target.startsWith(`${dir}/`)) continue;
      // An area's message files are the i18n room's data, kept in the area's folder (STYLE.md, one folder per area).
      if (/\/messages\/[^/]+\.json$/.test(target)) continue;
      if (floorOf(plan, target) > floorOf(plan, file)) climbs.push(`${relative(dir, file)} → ${relative(dir, target)}`);
    }
  }
  return climbs;
}

for (const plan of PLANS) {
  describe(`the floor plan of ${plan.dir}/`, () => {
    it('puts every room on a floor', () => {
      expect(() => sourceFiles(join(ROOT, plan.dir)).map((file) => floorOf(plan, file))).not.toThrow();
    });

    it('has no import from a lower room into a higher one', () => {
      expect(climbingImports(plan)).toEqual([]);
    });
  });
}
