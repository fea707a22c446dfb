import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../app/paths';
import walkthrough from './walkthrough.json';

/**
 * The how-it-works video as committed (made by `npm run video:how-it-works`): files a browser can
 * play within the page's promises, captions that are the scenes' own, and scenes that are screens
 * the product has.
 */

const here = __dirname;
const features = join(here, '../..');
const MAX_BYTES = 5 * 1024 * 1024;
const sceneSeconds = walkthrough.scenes.reduce((sum, scene) => sum + scene.seconds, 0);

interface Probe {
  format: { duration: string; size: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
}

function ffprobe(file: string): Probe {
  try {
    const json = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', join(here, file)], { encoding: 'utf8' });
    return JSON.parse(json) as Probe;
  } catch (error) {
    throw new Error(`ffprobe could not read ${file} (Debian's ffmpeg: bash scripts/ensure-packages.sh ffmpeg=ffprobe): ${String(error)}`);
  }
}

/** "00:01:05.500" -> 65.5 */
const seconds = (timestamp: string) => timestamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);

function cues(vtt: string) {
  const [header, ...blocks] = vtt.trim().split(/\n\n+/);
  expect(header).toMatch(/^WEBVTT/);
  return blocks.map((block) => {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    const [start, end] = lines[timing].split(' --> ').map(seconds);
    return { start, end, text: lines.slice(timing + 1).join('\n') };
  });
}

/** Every route pattern in paths.ts. */
function routePatterns(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const own = 'path' in node && typeof node.path === 'string' ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(routePatterns)];
}

/** The text of every page and component of the client's features, tests left out. */
function featureSources(directory = features): string {
  return readdirSync(directory, { withFileTypes: true })
    .map((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return featureSources(path);
      return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('the how-it-works video', () => {
  it.each([
    ['how-it-works.webm', 'vp9'],
    ['how-it-works.mp4', 'h264'],
  ])('%s is a 1280x720 %s video of the scenes’ length, silent, under 90 seconds and 5 MB', (file, codec) => {
    const { format, streams } = ffprobe(file);
    const duration = Number(format.duration);
    expect(duration).toBeGreaterThan(30);
    expect(duration).toBeLessThan(90);
    expect(Math.abs(duration - sceneSeconds)).toBeLessThan(1);
    expect(Number(format.size)).toBeLessThan(MAX_BYTES);
    expect(statSync(join(here, file)).size).toBeLessThan(MAX_BYTES);
    expect(streams.map((stream) => stream.codec_type)).toEqual(['video']);
    expect(streams[0]).toMatchObject({ codec_name: codec, width: 1280, height: 720, pix_fmt: 'yuv420p' });
  });

  it('has the MP4’s index at its start, so a browser can play it before it has all arrived', () => {
    const head = readFileSync(join(here, 'how-it-works.mp4')).subarray(0, 64 * 1024).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
  });

  it('has a 1280x720 poster under 5 MB', () => {
    const { streams } = ffprobe('poster.jpg');
    expect(streams[0]).toMatchObject({ width: 1280, height: 720 });
    expect(statSync(join(here, 'poster.jpg')).size).toBeLessThan(MAX_BYTES);
  });

  it('has one caption per scene, in order, each shown for its scene’s seconds', () => {
    const captions = cues(readFileSync(join(here, 'how-it-works.vtt'), 'utf8'));

    expect(captions.map((cue) => cue.text)).toEqual(walkthrough.scenes.map((scene) => scene.caption));
    let start = 0;
    captions.forEach((cue, index) => {
      expect(cue.start).toBeCloseTo(start, 3);
      expect(cue.end).toBeCloseTo(start + walkthrough.scenes[index].seconds, 3);
      start = cue.end;
    });
    expect(start).toBe(sceneSeconds);
  });

  it('names, in every caption, a screen the product has, at a route the product has', () => {
    const routes = routePatterns(paths);
    const sources = featureSources();

    for (const scene of walkthrough.scenes) {
      expect(scene.caption, scene.id).toContain(scene.screen);
      expect(routes, scene.id).toContain(scene.route);
      // The title as a page writes it: a heading's text or a title, eyebrow or tab title string.
      const written = new RegExp(`["'>]${scene.screen.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')}(["'<]| · )`);
      expect(written.test(sources), `${scene.id}: no page has the title "${scene.screen}"`).toBe(true);
    }
  });
});
