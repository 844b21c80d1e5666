// Drawn demo photographs: a garment silhouette in its colour on a linen-paper
// backdrop, and a fabric close-up. No downloads: sharp renders the SVG.
import sharp from 'sharp';

export type Garment = 'dress' | 'blouse' | 'trousers' | 'kimono' | 'skirt' | 'shirt' | 'jumpsuit' | 'stole';

const W = 1200;
const H = 1500;

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const f = (c: number) => Math.max(0, Math.min(255, Math.round(c + (amount > 0 ? (255 - c) * amount : c * amount))));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => f(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Silhouettes drawn on a 1200×1500 canvas, centred, hanging from a wooden rail. */
const SHAPES: Record<Garment, string> = {
  dress: 'M520 300 Q600 340 680 300 L760 330 L800 520 L740 560 L730 640 Q860 1000 900 1290 Q600 1340 300 1290 Q340 1000 470 640 L460 560 L400 520 L440 330 Z',
  blouse: 'M510 320 Q600 370 690 320 L800 360 L960 640 L880 700 L790 560 L790 930 Q600 970 410 930 L410 560 L320 700 L240 640 L400 360 Z',
  trousers: 'M420 340 L780 340 L800 470 Q860 900 900 1320 L690 1330 L610 700 L590 700 L510 1330 L300 1320 Q340 900 400 470 Z',
  kimono: 'M500 310 Q600 380 700 310 L940 380 L1060 720 L880 760 L820 620 L830 1240 L370 1240 L380 620 L320 760 L140 720 L260 380 Z',
  skirt: 'M450 380 L750 380 L770 460 Q900 900 960 1300 Q600 1360 240 1300 Q300 900 430 460 Z',
  shirt: 'M500 310 L560 350 L600 420 L640 350 L700 310 L820 360 L960 700 L870 740 L800 560 L800 1080 Q600 1120 400 1080 L400 560 L330 740 L240 700 L380 360 Z',
  jumpsuit:
    'M500 320 Q600 380 700 320 L790 360 L830 560 L780 580 L790 760 Q820 1000 850 1320 L660 1330 L610 880 L590 880 L540 1330 L350 1320 Q380 1000 410 760 L420 580 L370 560 L410 360 Z',
  // A long woven stole folded over the rail: its front fall (the back fall and the fringes are drawn beside it).
  stole: 'M392 238 Q600 214 808 238 Q826 520 812 820 Q806 1010 818 1150 Q700 1170 600 1158 Q500 1146 402 1168 Q416 1000 404 800 Q386 520 392 238 Z',
};

/** What hangs behind and below the stole's front: the back fall, a little longer and to the side, and fringes on both ends. */
function stoleExtras(dark: string, light: string): { behind: string; over: string } {
  const fringe = (x0: number, x1: number, y: number, wave: number) =>
    Array.from({ length: 27 }, (_, i) => {
      const x = x0 + ((x1 - x0) * i) / 26;
      const top = y + Math.sin(i * 0.9) * wave;
      return `M${x.toFixed(0)} ${top.toFixed(0)} l${((i % 3) - 1) * 3} ${46 + (i % 4) * 6}`;
    }).join(' ');
  return {
    behind: `<path d="M470 236 Q660 222 850 240 Q872 560 862 900 Q856 1080 870 1236 Q760 1252 660 1240 Q560 1228 478 1250 Q494 1060 486 880 Q468 560 470 236 Z" fill="${dark}"/>
    <path d="${fringe(482, 866, 1244, 8)}" stroke="${dark}" stroke-width="5" stroke-linecap="round"/>`,
    over: `<path d="M392 238 Q600 214 808 238 L806 262 Q600 242 394 262 Z" fill="${light}" opacity="0.5"/>
    <path d="M420 330 H790 M418 1080 H800" stroke="${dark}" stroke-opacity="0.35" stroke-width="10"/>
    <path d="M470 300 Q456 700 468 1120 M600 300 Q590 700 602 1130 M730 300 Q742 700 736 1120" stroke="${dark}" stroke-opacity="0.18" stroke-width="6" fill="none"/>
    <path d="${fringe(406, 814, 1162, 7)}" stroke="${light}" stroke-width="5" stroke-linecap="round"/>`,
  };
}

export function garmentSvg(garment: Garment, colour: string, seed: number): string {
  const light = shade(colour, 0.28);
  const dark = shade(colour, -0.32);
  const backdrop = ['#efe6d8', '#ece3d3', '#f1e9dc', '#e9e0cf'][seed % 4]!;
  const tilt = ((seed * 37) % 7) - 3;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shade(backdrop, 0.25)}"/><stop offset="1" stop-color="${shade(backdrop, -0.06)}"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.78" cy="0.12" r="0.75">
      <stop offset="0" stop-color="#fff7e6" stop-opacity="0.85"/><stop offset="1" stop-color="#fff7e6" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="cloth" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${dark}"/><stop offset="0.22" stop-color="${colour}"/>
      <stop offset="0.5" stop-color="${light}"/><stop offset="0.78" stop-color="${colour}"/><stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#wall)"/>
  <rect width="${W}" height="${H}" fill="url(#sun)"/>
  <rect y="${H - 190}" width="${W}" height="190" fill="${shade(backdrop, -0.12)}"/>
  <path d="M120 ${H - 190} H1080" stroke="${shade(backdrop, -0.22)}" stroke-width="3"/>
  <path d="M160 250 H1040" stroke="#8a6a48" stroke-width="14" stroke-linecap="round"/>
  <path d="M600 250 v40" stroke="#6d5a45" stroke-width="5"/>
  <g transform="rotate(${tilt} 600 300)">
    <ellipse cx="620" cy="${H - 170}" rx="330" ry="26" fill="#3b2f25" opacity="0.16" filter="url(#soft)"/>
    ${
      garment === 'stole'
        ? `${stoleExtras(dark, light).behind}
    <path d="${SHAPES.stole}" fill="url(#cloth)"/>
    ${stoleExtras(dark, light).over}`
        : `<path d="${SHAPES[garment]}" fill="url(#cloth)"/>
    <path d="M560 520 Q540 900 520 1240 M650 520 Q670 900 700 1240" stroke="${dark}" stroke-opacity="0.22" stroke-width="6" fill="none"/>
    <path d="M600 300 Q600 330 600 360" stroke="${dark}" stroke-width="4"/>`
    }
  </g>
</svg>`;
}

export function fabricSvg(colour: string, seed: number): string {
  const light = shade(colour, 0.3);
  const dark = shade(colour, -0.35);
  const angle = 20 + ((seed * 53) % 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="fold" x1="0" y1="0" x2="1" y2="0.3">
      <stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.18"/>
      <stop offset="0.55" stop-color="#000" stop-opacity="0.2"/><stop offset="0.8" stop-color="#fff" stop-opacity="0.14"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.22"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="${colour}"/>
  <g stroke="${dark}" stroke-opacity="0.12" stroke-width="3" transform="rotate(${angle - 30} 600 750)">
    ${Array.from({ length: 24 }, (_, i) => `<path d="M-400 ${i * 90 - 300} H1600"/>`).join('')}
  </g>
  <rect width="${W}" height="${H}" fill="url(#fold)"/>
  <path d="M0 ${300 + seed * 40} Q600 ${200 + seed * 30} 1200 ${420 + seed * 20}" stroke="${light}" stroke-opacity="0.35" stroke-width="5" fill="none" stroke-dasharray="14 10"/>
</svg>`;
}

/** A woven grain, tiled over the whole picture: cheap to draw, reads as linen. */
const WEAVE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="6" height="6"><rect width="6" height="6" fill="#808080"/>` +
    `<path d="M0 1H6M0 4H6" stroke="#5a5a5a" stroke-width="1"/><path d="M1 0V6M4 0V6" stroke="#a6a6a6" stroke-width="1" stroke-opacity="0.7"/></svg>`,
);
let weaveTile: Promise<Buffer> | null = null;

export async function renderJpeg(svg: string): Promise<Buffer> {
  weaveTile ??= sharp(WEAVE).png().toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: await weaveTile, tile: true, blend: 'soft-light' }])
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** The home page's lookbook picture: three pieces of the collection on one rail, in the morning sun. */
export function lookbookSvg(): string {
  const pieces: Array<[Garment, string, number]> = [
    ['kimono', '#6b6b3f', 130],
    ['dress', '#b5573a', 600],
    ['blouse', '#c99a3b', 1070],
  ];
  const cloth = pieces
    .map(([garment, colour, x], i) => {
      const light = shade(colour, 0.28);
      const dark = shade(colour, -0.32);
      return `<linearGradient id="c${i}" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${dark}"/><stop offset="0.3" stop-color="${colour}"/><stop offset="0.55" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
      <g transform="translate(${x - 300} ${230 + (i % 2) * 40}) scale(0.5) rotate(${i - 1} 600 300)"><path d="${SHAPES[garment]}" fill="url(#c${i})"/>
      <path d="M600 300 Q600 330 600 360" stroke="${dark}" stroke-width="6"/></g>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6efe3"/><stop offset="1" stop-color="#e2d6c2"/></linearGradient>
    <radialGradient id="sun" cx="0.85" cy="0.05" r="0.9"><stop offset="0" stop-color="#fff4dc" stop-opacity="0.95"/><stop offset="1" stop-color="#fff4dc" stop-opacity="0"/></radialGradient>
    <linearGradient id="window" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#wall)"/>
  <path d="M760 0 L1200 0 L1200 1500 L980 1500 Z" fill="url(#window)"/>
  <rect width="${W}" height="${H}" fill="url(#sun)"/>
  <rect y="1180" width="${W}" height="320" fill="#d8c8ae"/>
  <path d="M0 1180 H1200" stroke="#b9a283" stroke-width="4"/>
  <path d="M60 220 H1140" stroke="#8a6a48" stroke-width="16" stroke-linecap="round"/>
  ${cloth}
  <ellipse cx="300" cy="1300" rx="120" ry="22" fill="#3b2f25" opacity="0.12"/>
  <path d="M250 1300 Q240 1180 300 1150 Q360 1180 350 1300 Z" fill="#a9825a"/>
  <path d="M275 1150 Q300 1060 325 1150" stroke="#6b6b3f" stroke-width="8" fill="none"/>
</svg>`;
}
