// A generated "photo" for image tests: a gradient with shapes, so the encoders have real work to do.
import sharp from "sharp";

export function photo(width: number, height: number, seed: string): sharp.Sharp {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">\n` +
    '    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4e6d4"/>' +
    `<stop offset="1" stop-color="#${seed}"/></linearGradient></defs>\n` +
    '    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="30%" cy="40%" r="20%" fill="#7a3e1d"/>' +
    '<rect x="55%" y="20%" width="30%" height="55%" fill="#6f8f73"/></svg>';
  return sharp(Buffer.from(svg));
}
