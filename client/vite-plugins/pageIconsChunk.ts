import { dirname, resolve } from 'node:path';
import type { GetManualChunk, GetModuleInfo } from 'rollup';

const LUCIDE = '/node_modules/lucide-react/dist/esm/';
/** Modules many pages share, whose icons stay with them rather than with the pages' icons. */
const SHARED_MODULES = /\/src\/(app|components)\//;

/**
 * Rollup's `manualChunks`: the icons only the pages themselves (src/features) use travel in one
 * chunk. Left alone, each icon two pages share is a chunk of its own (about 1 KB: an icon module
 * calls createLucideIcon, so Rollup does not merge it as a small chunk), and a page was four or five
 * icon requests, each behind a phone's slow round trip on HTTP/1.1's six connections (decision 0051).
 *
 * The entry, lucide's own code and the icons of the modules it loads or many pages share are put
 * in the entry's chunk ('index') by name: Rollup moves a manual chunk's unassigned dependencies
 * into it, so lucide's createLucideIcon would otherwise land in the pages' icon chunk and the entry
 * would load that chunk too. Sign-in's shared components keep their icons, so the first route does
 * not fetch every page's.
 */
export function pageIconsChunk(): GetManualChunk {
  let plan: { entries: Set<string>; keptIcons: Set<string> } | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!plan) {
      const modules = [...getModuleIds()];
      const entries = modules.filter((module) => getModuleInfo(module)?.isEntry);
      plan = { entries: new Set(entries), keptIcons: iconsNamedBy([...entries, ...modules.filter((module) => SHARED_MODULES.test(module))], getModuleInfo) };
    }
    if (plan.entries.has(id)) return 'index';
    if (!id.includes(LUCIDE)) return undefined;
    return id.includes(`${LUCIDE}icons/`) && !plan.keptIcons.has(id) ? 'page-icons' : 'index';
  };
}

/**
 * The icon modules named by `roots` and the app modules they import statically. The app imports
 * icons by name from lucide-react's index, which re-exports every icon, so the names are read from
 * the import declarations and looked up in the index's re-exports.
 */
function iconsNamedBy(roots: string[], getModuleInfo: GetModuleInfo): Set<string> {
  const names = new Set<string>();
  let lucideIndex: string | undefined;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || id.includes('/node_modules/')) return;
    seen.add(id);
    const info = getModuleInfo(id);
    if (!info) return;
    for (const node of info.ast?.body ?? []) {
      if (node.type !== 'ImportDeclaration' || node.source.value !== 'lucide-react') continue;
      for (const specifier of node.specifiers) if (specifier.type === 'ImportSpecifier') names.add(nameOf(specifier.imported));
    }
    for (const imported of info.importedIds) {
      if (imported.includes(LUCIDE)) lucideIndex = imported;
      visit(imported);
    }
  };
  roots.forEach(visit);
  const icons = new Set<string>();
  if (!lucideIndex) return icons;
  for (const node of getModuleInfo(lucideIndex)?.ast?.body ?? []) {
    if (node.type !== 'ExportNamedDeclaration' || !node.source) continue;
    for (const specifier of node.specifiers) {
      if (names.has(nameOf(specifier.exported))) icons.add(resolve(dirname(lucideIndex), String(node.source.value)));
    }
  }
  return icons;
}

function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? node.name! : String(node.value);
}
