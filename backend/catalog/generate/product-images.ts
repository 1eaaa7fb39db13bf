/**
 * Product images of the generated catalogue: one drawing per product family kind (the leaf category: pliers, drill,
 * bolt, glove, …) as an 800 x 800 SVG, composed from the product's properties, plus a close-up view for the detail
 * images:
 * - the colour of grips and bodies is the product's `colour` property when it has one (a helmet variant in red is
 *   drawn red), else one of four colourways by the family's image number;
 * - the metal parts show the product's `material` (stainless, zinc-plated, brass, aluminium, plastic; plain steel
 *   otherwise), so a brass nut is drawn in brass.
 * The generator names them `generated/{leaf}-{1..4}[-c{rrggbb}][-m{material}].jpg` (main) and
 * `generated/{leaf}-detail-{1..3}[…].jpg` (detail), `generatedImageName` builds and `generatedImageSvg` reads such a
 * name. Deterministic: the same name always gives the same bytes, so the media store keeps each drawing once however
 * many products show it, and sharp renders the thumbnails from it on first request (docs/decisions/020-media-store.md).
 */
import type { Db } from '../../db/client.ts';
import { putKnownMediaFiles } from '../../media/media-store.ts';
import type { CatalogChange, CatalogSink } from '../model.ts';

/** Pixel size of every generated image (square). */
export const GENERATED_IMAGE_SIZE = 800;

/** Colourways by image number: grip / body colour and its darker shade. */
const COLOURWAYS = [
  { main: '#c8102e', dark: '#8e0b20' },
  { main: '#1d5fa8', dark: '#123f72' },
  { main: '#f2a900', dark: '#b07b00' },
  { main: '#2e7d4f', dark: '#1d5534' },
] as const;

/** Colours of grips and bodies; `explicit` when they are the product's own colour rather than a colourway. */
type Colours = { main: string; dark: string; explicit?: boolean };

/** Gradient stops (light, middle, light edge) and edge colour of the metal parts by material. */
const METALS = {
  steel: { stops: ['#e9edf1', '#aeb6bf', '#d3d9de'], edge: '#5f6770' },
  stainless: { stops: ['#f7f9fb', '#c9d0d6', '#eef1f4'], edge: '#7a838c' },
  chrome: { stops: ['#eef3f8', '#9aa7b5', '#dfe6ee'], edge: '#52606e' },
  zinc: { stops: ['#eef2f7', '#a9b8c9', '#d7e0ea'], edge: '#5d6c7d' },
  brass: { stops: ['#f3dc95', '#c99a3c', '#e8c776'], edge: '#8a6a22' },
  aluminium: { stops: ['#f4f6f8', '#c4cad0', '#e6e9ec'], edge: '#8b939b' },
  plastic: { stops: ['#5a6068', '#3b4047', '#50565e'], edge: '#24282d' },
} as const;

/** A metal of {@link METALS}. */
export type GeneratedMaterial = keyof typeof METALS;

/** The metal of a generated `material` property value (its English text); undefined for plain steel or none. */
export function materialOf(englishValue: string | undefined): GeneratedMaterial | undefined {
  if (!englishValue) return undefined;
  const v = englishValue.toLowerCase();
  if (v.includes('stainless')) return 'stainless';
  if (v.includes('chrome')) return 'chrome';
  if (v.includes('zinc')) return 'zinc';
  if (v.includes('brass')) return 'brass';
  if (v.includes('aluminium')) return 'aluminium';
  if (v.includes('plastic')) return 'plastic';
  return undefined;
}

/** A darker shade of `#rrggbb` (each channel × 0.7), for outlines. */
function darker(hex: string): string {
  const channel = (i: number) =>
    Math.round(parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) * 0.7)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

const STEEL = 'url(#steel)';
/** Outline of metal parts; replaced by the material's edge colour in the finished drawing. */
const STEEL_EDGE = METALS.steel.edge;
const RUBBER = '#2b2f33';

/** One drawing: SVG elements in an 800 x 800 box, centred near (400, 400). */
type Drawing = (c: Colours) => string;

const pliers =
  (jaw: 'flat' | 'cutter' | 'pump'): Drawing =>
  (c) => {
    const jaws =
      jaw === 'pump'
        ? `<path d="M360 300 L330 130 Q360 100 395 125 L410 300 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
           <path d="M440 300 L480 160 Q450 120 425 150 L400 300 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
           ${[150, 185, 220, 255].map((y) => `<line x1="352" y1="${y}" x2="398" y2="${y + 6}" stroke="${STEEL_EDGE}" stroke-width="5"/>`).join('')}`
        : jaw === 'cutter'
          ? `<path d="M400 330 L350 200 Q370 130 405 140 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
             <path d="M400 330 L450 200 Q430 130 395 140 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>`
          : `<path d="M385 330 L355 120 Q385 95 400 120 L410 330 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
             <path d="M415 330 L445 120 Q415 95 400 120 L390 330 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>`;
    return `${jaws}
      <circle cx="400" cy="340" r="34" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
      <circle cx="400" cy="340" r="10" fill="${STEEL_EDGE}"/>
      <path d="M380 365 Q330 520 300 690 L345 700 Q380 540 412 372 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
      <path d="M420 365 Q470 520 500 690 L455 700 Q420 540 388 372 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>`;
  };

const screwdriver =
  (tip: 'slot' | 'cross'): Drawing =>
  (c) =>
    `<rect x="375" y="90" width="50" height="330" rx="8" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
     ${
       tip === 'slot'
         ? `<path d="M372 90 L428 90 L418 60 L382 60 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>`
         : `<path d="M375 92 L400 40 L425 92 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/><line x1="400" y1="45" x2="400" y2="92" stroke="${STEEL_EDGE}" stroke-width="4"/>`
     }
     <path d="M330 420 Q320 420 322 440 L340 720 Q345 750 400 750 Q455 750 460 720 L478 440 Q480 420 470 420 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
     ${[350, 380, 410, 440].map((x) => `<rect x="${x}" y="470" width="14" height="230" rx="7" fill="${RUBBER}" opacity="0.55"/>`).join('')}`;

const spanner: Drawing = () =>
  `<path d="M370 230 L430 230 L430 600 L370 600 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   <path d="M330 240 Q300 160 345 100 L370 140 L430 140 L455 100 Q500 160 470 240 Q440 275 400 275 Q360 275 330 240 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   <rect x="372" y="95" width="56" height="95" fill="#f4f5f7"/>
   <circle cx="400" cy="640" r="78" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   <polygon points="400,592 442,616 442,664 400,688 358,664 358,616" fill="#f4f5f7" stroke="${STEEL_EDGE}" stroke-width="4"/>`;

const torqueWrench: Drawing = (c) =>
  `<rect x="380" y="200" width="40" height="330" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
   <circle cx="400" cy="160" r="62" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   <rect x="380" y="140" width="40" height="40" fill="${STEEL_EDGE}"/>
   <rect x="372" y="300" width="56" height="90" rx="6" fill="#fff" stroke="${STEEL_EDGE}" stroke-width="3"/>
   ${[315, 335, 355, 375].map((y) => `<line x1="380" y1="${y}" x2="405" y2="${y}" stroke="#333" stroke-width="3"/>`).join('')}
   <rect x="370" y="530" width="60" height="220" rx="22" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>`;

const hammer: Drawing = (c) =>
  `<rect x="378" y="250" width="44" height="490" rx="14" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
   <rect x="378" y="560" width="44" height="180" rx="14" fill="${RUBBER}"/>
   <path d="M230 150 L520 150 L560 170 L560 250 L520 270 L230 270 Q215 210 230 150 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   <rect x="200" y="165" width="40" height="90" rx="6" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>`;

const drill =
  (impact: boolean): Drawing =>
  (c) =>
    `<rect x="110" y="262" width="${impact ? 110 : 130}" height="26" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="3"/>
     ${[130, 160, 190].map((x) => `<line x1="${x}" y1="262" x2="${x + 20}" y2="288" stroke="${STEEL_EDGE}" stroke-width="3"/>`).join('')}
     <path d="M220 240 L280 230 L280 320 L220 310 Z" fill="${RUBBER}"/>
     <path d="M280 200 L560 200 Q610 200 610 260 Q610 340 540 340 L280 340 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
     ${impact ? `<rect x="300" y="215" width="60" height="110" rx="10" fill="${RUBBER}" opacity="0.8"/>` : ''}
     <path d="M430 340 L520 340 L500 560 L420 560 Z" fill="${RUBBER}" stroke="#111" stroke-width="5"/>
     <rect x="350" y="560" width="230" height="100" rx="14" fill="${c.dark}" stroke="#111" stroke-width="5"/>
     <rect x="370" y="585" width="190" height="14" rx="7" fill="${c.main}"/>
     <circle cx="560" cy="255" r="18" fill="#fff" opacity="0.35"/>`;

const angleGrinder: Drawing = (c) =>
  `<ellipse cx="240" cy="470" rx="190" ry="60" fill="#3a3f45" stroke="#222" stroke-width="5"/>
   <ellipse cx="240" cy="462" rx="150" ry="40" fill="#8a929b"/>
   <path d="M200 360 L300 360 L300 450 L200 450 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
   <path d="M260 330 L640 300 Q700 300 700 360 Q700 420 640 420 L260 400 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   ${[520, 550, 580].map((x) => `<line x1="${x}" y1="318" x2="${x}" y2="402" stroke="${c.dark}" stroke-width="6"/>`).join('')}
   <rect x="330" y="250" width="40" height="90" rx="14" fill="${RUBBER}"/>`;

const drillBit: Drawing = () =>
  `<rect x="375" y="80" width="50" height="260" rx="6" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
   <path d="M375 340 L425 340 L425 690 L400 740 L375 690 Z" fill="url(#gold)" stroke="#8a6a1c" stroke-width="4"/>
   ${[360, 410, 460, 510, 560, 610, 660].map((y) => `<path d="M375 ${y} Q400 ${y + 10} 425 ${y + 35}" stroke="#8a6a1c" stroke-width="6" fill="none"/>`).join('')}`;

const cuttingDisc: Drawing = (c) =>
  `<circle cx="400" cy="400" r="300" fill="#4a4f55" stroke="#2a2d31" stroke-width="6"/>
   <circle cx="400" cy="400" r="300" fill="url(#grain)" opacity="0.5"/>
   <circle cx="400" cy="400" r="150" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
   <circle cx="400" cy="400" r="62" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   <circle cx="400" cy="400" r="38" fill="#f4f5f7"/>`;

const thread = (x: number, y1: number, y2: number, w: number) =>
  Array.from(
    { length: Math.floor((y2 - y1) / 22) },
    (_, i) =>
      `<line x1="${x}" y1="${y1 + i * 22}" x2="${x + w}" y2="${y1 + i * 22 + 12}" stroke="${STEEL_EDGE}" stroke-width="4"/>`,
  ).join('');

const bolt =
  (head: 'hex' | 'socket' | 'wood'): Drawing =>
  () => {
    const shank =
      head === 'wood'
        ? `<path d="M365 210 L435 210 L430 640 L400 730 L370 640 Z" fill="url(#gold)" stroke="#8a6a1c" stroke-width="4"/>${thread(365, 250, 650, 70).replaceAll(STEEL_EDGE, '#8a6a1c')}`
        : `<rect x="362" y="210" width="76" height="500" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>${thread(362, 330, 700, 76)}`;
    const top =
      head === 'hex'
        ? `<path d="M270 120 L530 120 L550 160 L550 210 L250 210 L250 160 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/><line x1="340" y1="120" x2="340" y2="210" stroke="${STEEL_EDGE}" stroke-width="4"/><line x1="460" y1="120" x2="460" y2="210" stroke="${STEEL_EDGE}" stroke-width="4"/>`
        : head === 'socket'
          ? `<rect x="310" y="90" width="180" height="125" rx="18" fill="#3b4047" stroke="#1d2024" stroke-width="5"/><ellipse cx="400" cy="98" rx="88" ry="18" fill="#5a6068"/><polygon points="400,82 430,92 430,108 400,118 370,108 370,92" fill="#15171a"/>`
          : `<path d="M270 210 Q400 90 530 210 Z" fill="url(#gold)" stroke="#8a6a1c" stroke-width="5"/><line x1="330" y1="175" x2="470" y2="175" stroke="#8a6a1c" stroke-width="8"/>`;
    return shank + top;
  };

const nut: Drawing = () =>
  `<polygon points="400,150 617,275 617,525 400,650 183,525 183,275" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="6"/>
   <circle cx="400" cy="400" r="150" fill="none" stroke="${STEEL_EDGE}" stroke-width="4" opacity="0.6"/>
   <circle cx="400" cy="400" r="115" fill="#f4f5f7" stroke="${STEEL_EDGE}" stroke-width="6"/>
   ${[0, 1, 2, 3].map((i) => `<circle cx="400" cy="400" r="${100 - i * 14}" fill="none" stroke="${STEEL_EDGE}" stroke-width="2" opacity="0.4"/>`).join('')}`;

const washer: Drawing = () =>
  `<circle cx="400" cy="400" r="270" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="6"/>
   <circle cx="400" cy="400" r="230" fill="none" stroke="#fff" stroke-width="6" opacity="0.4"/>
   <circle cx="400" cy="400" r="120" fill="#f4f5f7" stroke="${STEEL_EDGE}" stroke-width="6"/>`;

const wallPlug: Drawing = (c) =>
  `<path d="M340 120 L460 120 L450 640 L400 720 L350 640 Z" fill="${c.main === '#c8102e' ? '#d9d9d9' : '#e9e4d8'}" stroke="#8b8678" stroke-width="5"/>
   ${[190, 250, 310, 370, 430, 490, 550, 610].map((y) => `<path d="M338 ${y} L300 ${y + 30} M462 ${y} L500 ${y + 30}" stroke="#8b8678" stroke-width="10" stroke-linecap="round"/>`).join('')}
   <rect x="320" y="100" width="160" height="30" rx="6" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>
   <line x1="400" y1="140" x2="400" y2="640" stroke="#8b8678" stroke-width="6"/>`;

const glove: Drawing = (c) =>
  `<path d="M300 720 L300 420 Q230 370 180 300 Q170 270 200 262 Q240 262 300 340 L300 180 Q300 150 330 150 Q358 150 358 180 L358 330
           L370 130 Q372 100 402 100 Q430 102 430 130 L425 330 L445 150 Q448 122 476 124 Q502 128 500 156 L485 340
           L520 200 Q528 176 552 182 Q574 190 568 216 L530 460 Q520 540 500 560 L500 720 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6" stroke-linejoin="round"/>
   <path d="M300 640 L500 640 L500 720 L300 720 Z" fill="${c.dark}"/>
   <path d="M300 470 Q400 520 520 470" stroke="${c.dark}" stroke-width="6" fill="none" opacity="0.6"/>`;

const glasses: Drawing = (c) =>
  `<path d="M120 330 Q400 270 680 330 L680 350 Q400 300 120 350 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
   <path d="M130 345 Q260 320 385 350 Q390 470 320 500 Q200 520 150 460 Q120 410 130 345 Z" fill="url(#lens)" stroke="${c.dark}" stroke-width="6"/>
   <path d="M670 345 Q540 320 415 350 Q410 470 480 500 Q600 520 650 460 Q680 410 670 345 Z" fill="url(#lens)" stroke="${c.dark}" stroke-width="6"/>
   <path d="M680 335 L760 420" stroke="${c.main}" stroke-width="16" stroke-linecap="round"/>
   <path d="M120 335 L40 420" stroke="${c.main}" stroke-width="16" stroke-linecap="round"/>`;

const shoe: Drawing = (c) =>
  `<path d="M200 180 L420 180 L430 430 Q600 440 680 520 Q710 560 690 600 L160 600 Q150 400 200 180 Z" fill="#3a2f28" stroke="#1a1410" stroke-width="6" stroke-linejoin="round"/>
   <path d="M440 440 Q600 450 675 525 Q690 550 680 570 L440 570 Z" fill="${STEEL}" opacity="0.5"/>
   <path d="M150 600 L700 600 Q710 650 680 660 L160 660 Q140 640 150 600 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   ${[240, 290, 340, 390].map((y) => `<line x1="300" y1="${y}" x2="420" y2="${y + 10}" stroke="${c.main}" stroke-width="8"/>`).join('')}`;

const helmet: Drawing = (c) =>
  `<path d="M170 500 Q170 200 400 190 Q630 200 630 500 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   <path d="M380 195 Q400 185 420 195 L430 500 L370 500 Z" fill="${c.dark}" opacity="0.35"/>
   <path d="M110 500 Q400 460 690 500 Q700 545 650 550 L150 550 Q100 545 110 500 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   <path d="M250 300 Q280 250 330 235" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity="0.4" fill="none"/>`;

const caliper: Drawing = () =>
  `<rect x="90" y="300" width="640" height="70" rx="6" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   ${Array.from({ length: 30 }, (_, i) => `<line x1="${300 + i * 14}" y1="300" x2="${300 + i * 14}" y2="${i % 5 === 0 ? 335 : 320}" stroke="#333" stroke-width="3"/>`).join('')}
   <path d="M90 300 L160 300 L160 560 L120 600 L90 600 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   <path d="M200 270 L290 270 L290 560 L230 600 L200 600 Z" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="5"/>
   <rect x="200" y="380" width="180" height="80" rx="10" fill="#2d3237" stroke="#111" stroke-width="4"/>
   <rect x="215" y="395" width="150" height="50" rx="4" fill="#b9d8a6"/>
   <text x="290" y="432" font-family="monospace" font-size="34" text-anchor="middle" fill="#1c2a14">12.50</text>`;

const tapeMeasure: Drawing = (c) =>
  `<rect x="430" y="470" width="300" height="60" fill="#f2d21c" stroke="#a88f00" stroke-width="4"/>
   ${Array.from({ length: 14 }, (_, i) => `<line x1="${450 + i * 20}" y1="470" x2="${450 + i * 20}" y2="${i % 5 === 0 ? 505 : 490}" stroke="#222" stroke-width="3"/>`).join('')}
   <rect x="722" y="460" width="14" height="80" fill="${STEEL_EDGE}"/>
   <rect x="140" y="240" width="330" height="330" rx="90" fill="${c.main}" stroke="${c.dark}" stroke-width="7"/>
   <circle cx="305" cy="405" r="95" fill="${c.dark}" opacity="0.35"/>
   <rect x="230" y="560" width="90" height="40" rx="8" fill="${RUBBER}"/>`;

const spiritLevel: Drawing = (c) =>
  `<rect x="60" y="330" width="680" height="140" rx="12" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   <rect x="60" y="330" width="680" height="24" fill="${STEEL}"/>
   <rect x="60" y="446" width="680" height="24" fill="${STEEL}"/>
   <rect x="340" y="372" width="120" height="56" rx="24" fill="#d7f27a" stroke="#333" stroke-width="4"/>
   <ellipse cx="410" cy="400" rx="18" ry="13" fill="#fff" opacity="0.85"/>
   <line x1="380" y1="372" x2="380" y2="428" stroke="#333" stroke-width="3"/><line x1="420" y1="372" x2="420" y2="428" stroke="#333" stroke-width="3"/>
   <circle cx="160" cy="400" r="34" fill="#d7f27a" stroke="#333" stroke-width="4"/>
   <circle cx="640" cy="400" r="34" fill="#d7f27a" stroke="#333" stroke-width="4"/>`;

const workbench: Drawing = (c) =>
  `<rect x="90" y="240" width="620" height="60" fill="url(#wood)" stroke="#6b4b25" stroke-width="5"/>
   <rect x="120" y="300" width="40" height="420" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>
   <rect x="640" y="300" width="40" height="420" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>
   <rect x="440" y="310" width="200" height="240" fill="${c.main}" stroke="${c.dark}" stroke-width="4"/>
   ${[330, 410, 490].map((y) => `<rect x="455" y="${y}" width="170" height="60" fill="${c.dark}" opacity="0.25"/><rect x="510" y="${y + 24}" width="60" height="10" rx="5" fill="${STEEL_EDGE}"/>`).join('')}
   <rect x="160" y="620" width="480" height="24" fill="${c.dark}"/>`;

const trolley: Drawing = (c) =>
  `<rect x="200" y="140" width="400" height="500" rx="14" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   <rect x="200" y="140" width="400" height="40" rx="10" fill="${RUBBER}"/>
   ${[200, 280, 360, 440, 520].map((y) => `<rect x="225" y="${y}" width="350" height="66" rx="6" fill="${c.dark}" opacity="0.25"/><rect x="330" y="${y + 26}" width="140" height="12" rx="6" fill="${STEEL_EDGE}"/>`).join('')}
   <path d="M600 200 L660 200 L660 360 L600 360" stroke="${STEEL_EDGE}" stroke-width="14" fill="none"/>
   ${[250, 550].map((x) => `<circle cx="${x}" cy="690" r="42" fill="${RUBBER}"/><circle cx="${x}" cy="690" r="14" fill="${STEEL_EDGE}"/>`).join('')}`;

const shelving: Drawing = (c) =>
  `${[160, 620].map((x) => `<rect x="${x}" y="90" width="24" height="640" fill="${c.main}" stroke="${c.dark}" stroke-width="3"/>`).join('')}
   ${Array.from({ length: 40 }, (_, i) => `<circle cx="${i % 2 ? 632 : 172}" cy="${110 + Math.floor(i / 2) * 30}" r="4" fill="${c.dark}"/>`).join('')}
   ${[140, 330, 520, 700].map((y) => `<rect x="150" y="${y}" width="500" height="24" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>`).join('')}
   <rect x="220" y="250" width="120" height="80" fill="#b98a4e" stroke="#6b4b25" stroke-width="4"/>
   <rect x="420" y="440" width="160" height="80" fill="#b98a4e" stroke="#6b4b25" stroke-width="4"/>`;

const weldingMachine: Drawing = (c) =>
  `<rect x="170" y="230" width="460" height="380" rx="18" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   <path d="M260 230 Q260 150 400 150 Q540 150 540 230" stroke="${RUBBER}" stroke-width="26" fill="none"/>
   <rect x="210" y="280" width="190" height="290" rx="10" fill="#2d3237"/>
   <rect x="230" y="300" width="150" height="70" rx="4" fill="#ff9a3d"/>
   <text x="305" y="350" font-family="monospace" font-size="40" text-anchor="middle" fill="#3a1d00">160A</text>
   ${[430, 500].map((y) => `<circle cx="510" cy="${y - 110}" r="38" fill="${RUBBER}" stroke="#000" stroke-width="4"/><line x1="510" y1="${y - 110}" x2="530" y2="${y - 138}" stroke="#fff" stroke-width="6"/>`).join('')}
   ${[270, 340].map((x) => `<circle cx="${x}" cy="520" r="22" fill="#c8a04a" stroke="#6d5520" stroke-width="4"/>`).join('')}
   <rect x="170" y="600" width="460" height="30" rx="8" fill="${RUBBER}"/>`;

const electrodes: Drawing = (c) =>
  Array.from({ length: 7 }, (_, i) => {
    const x = 220 + i * 60;
    return `<rect x="${x}" y="120" width="26" height="140" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="3"/>
            <rect x="${x - 4}" y="260" width="34" height="440" rx="6" fill="#c9b48a" stroke="#7e6b45" stroke-width="3"/>
            <rect x="${x - 4}" y="260" width="34" height="30" fill="${c.main}"/>`;
  }).join('');

const weldingMask: Drawing = (c) =>
  `<path d="M220 200 Q400 90 580 200 L620 520 Q400 720 180 520 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="7"/>
   <rect x="290" y="300" width="220" height="120" rx="14" fill="#1a2b1f" stroke="#000" stroke-width="6"/>
   <rect x="305" y="315" width="90" height="30" rx="6" fill="#3d6b4c" opacity="0.7"/>
   <path d="M300 520 Q400 590 500 520" stroke="${c.dark}" stroke-width="10" fill="none"/>`;

const cable: Drawing = (c) =>
  `${[240, 200, 160, 120].map((r, i) => `<circle cx="400" cy="400" r="${r}" fill="none" stroke="${i % 2 ? c.dark : c.main}" stroke-width="36"/>`).join('')}
   <circle cx="400" cy="400" r="80" fill="#f4f5f7" stroke="#999" stroke-width="4"/>
   <path d="M640 400 Q700 500 650 640 L680 700" stroke="${c.main}" stroke-width="36" fill="none" stroke-linecap="round"/>
   ${[-14, 0, 14].map((dx, i) => `<circle cx="${680 + dx}" cy="712" r="8" fill="${['#7a4a21', '#1d5fa8', '#d4b400'][i]}"/>`).join('')}`;

const cableTie: Drawing = (c) => {
  // Ties come natural or black; one with a colour of its own is drawn in it.
  const tie = c.explicit ? c.main : c.main === '#f2a900' ? '#222' : '#cfcabb';
  return `<path d="M400 170 Q620 170 620 400 Q620 620 400 620 Q180 620 180 400 Q180 230 330 180" fill="none" stroke="${tie}" stroke-width="34" stroke-linecap="round"/>
   <rect x="300" y="130" width="80" height="90" rx="10" fill="${tie}" stroke="#888" stroke-width="4"/>
   <path d="M380 175 L720 175" stroke="${tie}" stroke-width="30" stroke-linecap="round"/>
   ${Array.from({ length: 12 }, (_, i) => `<line x1="${450 + i * 22}" y1="164" x2="${450 + i * 22}" y2="186" stroke="#999" stroke-width="3"/>`).join('')}`;
};

const voltageTester: Drawing = (c) =>
  `<path d="M330 170 L470 170 L480 610 L320 610 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   <rect x="350" y="230" width="100" height="130" rx="8" fill="#2d3237"/>
   ${[250, 280, 310, 340].map((y, i) => `<rect x="365" y="${y}" width="70" height="20" rx="3" fill="${i === 0 ? '#ff5a3d' : '#7ee081'}" opacity="${i < 2 ? 1 : 0.35}"/>`).join('')}
   <circle cx="400" cy="430" r="26" fill="${RUBBER}"/>
   <rect x="385" y="610" width="30" height="120" fill="${STEEL}" stroke="${STEEL_EDGE}" stroke-width="4"/>
   <path d="M385 730 L400 770 L415 730 Z" fill="${STEEL_EDGE}"/>`;

const generic: Drawing = (c) =>
  `<rect x="220" y="220" width="360" height="360" rx="24" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
   <rect x="260" y="260" width="280" height="80" rx="10" fill="#fff" opacity="0.3"/>`;

/** Drawing of each leaf category key of the generator's vocabulary (backend/catalog/generate/vocabulary.ts). */
const DRAWINGS: Record<string, Drawing> = {
  'combination-pliers': pliers('flat'),
  'diagonal-cutters': pliers('cutter'),
  'water-pump-pliers': pliers('pump'),
  'slotted-screwdrivers': screwdriver('slot'),
  'phillips-screwdrivers': screwdriver('cross'),
  'combination-spanners': spanner,
  'torque-wrenches': torqueWrench,
  hammers: hammer,
  'cordless-drills': drill(false),
  'impact-drills': drill(true),
  'angle-grinders': angleGrinder,
  'hss-drill-bits': drillBit,
  'cutting-discs': cuttingDisc,
  'hexagon-bolts': bolt('hex'),
  'socket-head-cap-screws': bolt('socket'),
  'wood-screws': bolt('wood'),
  'hexagon-nuts': nut,
  washers: washer,
  'wall-plugs': wallPlug,
  gloves: glove,
  'safety-glasses': glasses,
  'safety-shoes': shoe,
  helmets: helmet,
  calipers: caliper,
  'tape-measures': tapeMeasure,
  'spirit-levels': spiritLevel,
  workbenches: workbench,
  'tool-trolleys': trolley,
  shelving,
  'welding-machines': weldingMachine,
  electrodes,
  'welding-protection': weldingMask,
  cables: cable,
  'cable-ties': cableTie,
  'voltage-testers': voltageTester,
};

/** Tilt of the main view per drawing kind: long tools lie diagonally, round and boxy things stand upright. */
const TILTED = new Set([
  'combination-pliers',
  'diagonal-cutters',
  'water-pump-pliers',
  'slotted-screwdrivers',
  'phillips-screwdrivers',
  'combination-spanners',
  'torque-wrenches',
  'hammers',
  'hss-drill-bits',
  'hexagon-bolts',
  'socket-head-cap-screws',
  'wood-screws',
  'electrodes',
  'voltage-testers',
]);

const defs = (metal: (typeof METALS)[GeneratedMaterial]) => `<defs>
  <linearGradient id="bgDetail" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f3f5f8"/><stop offset="1" stop-color="#dde2e8"/></linearGradient>
  <linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${metal.stops[0]}"/><stop offset="0.5" stop-color="${metal.stops[1]}"/><stop offset="1" stop-color="${metal.stops[2]}"/></linearGradient>
  <linearGradient id="gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d9b45a"/><stop offset="0.5" stop-color="#f3dc95"/><stop offset="1" stop-color="#b8913a"/></linearGradient>
  <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d8a866"/><stop offset="1" stop-color="#b07d3c"/></linearGradient>
  <linearGradient id="lens" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dff1fb" stop-opacity="0.9"/><stop offset="1" stop-color="#9cc9e4" stop-opacity="0.8"/></linearGradient>
  <radialGradient id="grain"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>`;

/** What a generated image shows besides its kind: the product's colour (`#rrggbb`) and material. */
export interface GeneratedLook {
  colourHex?: string | undefined;
  material?: GeneratedMaterial | undefined;
}

/**
 * The name of a generated image: kind (leaf key), image number (1–4 main, 1–3 detail), view and look.
 *
 * @throws RangeError for a colour that is not `#rrggbb`
 */
export function generatedImageName(leaf: string, n: number, detail: boolean, look: GeneratedLook = {}): string {
  let suffix = '';
  if (look.colourHex !== undefined) {
    if (!/^#[0-9a-f]{6}$/i.test(look.colourHex)) throw new RangeError(`not a #rrggbb colour: ${look.colourHex}`);
    suffix += `-c${look.colourHex.slice(1).toLowerCase()}`;
  }
  if (look.material) suffix += `-m${look.material}`;
  // The number only picks a colourway: with a colour of its own every number draws the same, so it is always 1.
  const number = look.colourHex !== undefined ? 1 : n;
  return `generated/${leaf}-${detail ? 'detail-' : ''}${number}${suffix}.jpg`;
}

/** Leaf key, image number, view and look of a generated image name; undefined for other names. */
function parseGeneratedName(
  source: string,
): { leaf: string; n: number; detail: boolean; look: GeneratedLook } | undefined {
  const match = /^generated\/([a-z0-9-]+?)-(detail-)?(\d)(?:-c([0-9a-f]{6}))?(?:-m([a-z]+))?\.jpg$/.exec(source);
  if (!match) return undefined;
  const material = match[5];
  if (material !== undefined && !Object.hasOwn(METALS, material)) return undefined;
  return {
    leaf: match[1]!,
    detail: Boolean(match[2]),
    n: Number(match[3]),
    look: { colourHex: match[4] ? `#${match[4]}` : undefined, material: material as GeneratedMaterial | undefined },
  };
}

/**
 * The SVG of a generated image name (see {@link generatedImageName}), or undefined for any other name (data sheets,
 * real catalogue files). Main views show the whole item in its colour (colourway `n` without one) and material,
 * detail views a close-up of its upper part.
 */
export function generatedImageSvg(source: string): string | undefined {
  const parsed = parseGeneratedName(source);
  if (!parsed) return undefined;
  const drawing = DRAWINGS[parsed.leaf] ?? generic;
  const { colourHex, material } = parsed.look;
  const colours: Colours = colourHex
    ? { main: colourHex, dark: darker(colourHex), explicit: true }
    : COLOURWAYS[(parsed.n - 1) % COLOURWAYS.length]!;
  const metal = METALS[material ?? 'steel'];
  const tilt = TILTED.has(parsed.leaf) ? -35 : 0;
  const size = GENERATED_IMAGE_SIZE;
  // Detail: twice the scale around the upper third, turned the other way.
  const transform = parsed.detail
    ? `translate(400 420) scale(1.7) rotate(${tilt === 0 ? -12 : 25}) translate(-400 -300)`
    : `translate(400 390) scale(0.86) rotate(${tilt}) translate(-400 -400)`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    defs(metal),
    // Main views on white, which the catalogue cards blend into their own background; close-ups on a grey gradient.
    `<rect width="${size}" height="${size}" fill="${parsed.detail ? 'url(#bgDetail)' : '#ffffff'}"/>`,
    parsed.detail ? '' : `<ellipse cx="400" cy="730" rx="300" ry="34" fill="url(#shadow)"/>`,
    `<g transform="${transform}">${drawing(colours).replaceAll(STEEL_EDGE, metal.edge)}</g>`,
    `</svg>`,
  ].join('');
}

/**
 * The names stored in one batch before the first product: each drawing kind in its four colourways and three
 * close-ups without a look of its own; names with a colour or material are stored when they first occur.
 */
function generatedImageNames(): string[] {
  return Object.keys(DRAWINGS).flatMap((leaf) => [
    ...[1, 2, 3, 4].map((n) => generatedImageName(leaf, n, false)),
    ...[1, 2, 3].map((n) => generatedImageName(leaf, n, true)),
  ]);
}

/**
 * A sink in front of the writer that hands every generated image name on with its stored drawing (`file`). The
 * drawings of all known kinds go into the media store in one batch before the first product (a few kilobytes of SVG
 * each, no rendering at seed time); a name with a look of its own, or of an unknown kind, is stored when it first occurs (without reading it with sharp).
 *
 * @throws database errors of the media store.
 */
export function withGeneratedImages(sink: CatalogSink, db: Db): CatalogSink {
  let known: Promise<Map<string, { hash: string }>> | undefined;
  const prepare = () =>
    (known ??= (async () => {
      const names = generatedImageNames();
      const files = await putKnownMediaFiles(
        db,
        names.map((name) => ({
          bytes: Buffer.from(generatedImageSvg(name)!),
          mimeType: 'image/svg+xml',
          width: GENERATED_IMAGE_SIZE,
          height: GENERATED_IMAGE_SIZE,
        })),
      );
      return new Map(names.map((name, i) => [name, { hash: files[i]!.hash }]));
    })());
  const others = new Map<string, Promise<{ hash: string }>>();
  const fileOf = async (source: string, svg: string) => {
    const hit = (await prepare()).get(source);
    if (hit) return hit;
    let pending = others.get(source);
    if (!pending) {
      const file = {
        bytes: Buffer.from(svg),
        mimeType: 'image/svg+xml',
        width: GENERATED_IMAGE_SIZE,
        height: GENERATED_IMAGE_SIZE,
      };
      others.set(source, (pending = putKnownMediaFiles(db, [file]).then(([stored]) => ({ hash: stored!.hash }))));
    }
    return pending;
  };
  return {
    async write(change: CatalogChange) {
      if (change.kind === 'product' && change.product.media?.length) {
        const media = await Promise.all(
          change.product.media.map(async (m) => {
            const svg = generatedImageSvg(m.source);
            return svg ? { ...m, file: await fileOf(m.source, svg) } : m;
          }),
        );
        change = { ...change, product: { ...change.product, media } };
      }
      await sink.write(change);
    },
  };
}
