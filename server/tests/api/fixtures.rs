//! Test data shared by the suites.

/// A valid 2×2 RGBA PNG whose pixels depend on `seed` (different seeds, different bytes).
pub fn tiny_png(seed: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, 2, 2);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("png header");
    let pixels: Vec<u8> = (0..4u8).flat_map(|i| [seed, i * 60, 255 - seed, 255]).collect();
    writer.write_image_data(&pixels).expect("png data");
    writer.finish().expect("png end");
    out
}
