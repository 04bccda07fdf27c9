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

/// A valid 4×4 image of `format` whose pixels depend on `seed`.
pub fn image_of(format: image::ImageFormat, seed: u8) -> Vec<u8> {
    let pixels = image::RgbaImage::from_fn(4, 4, |x, y| {
        image::Rgba([seed, x as u8 * 60, y as u8 * 60, 255])
    });
    let image = match format {
        image::ImageFormat::Jpeg => {
            image::DynamicImage::ImageRgb8(image::DynamicImage::ImageRgba8(pixels).to_rgb8())
        }
        _ => image::DynamicImage::ImageRgba8(pixels),
    };
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, format).expect("encodes");
    out.into_inner()
}

pub fn tiny_jpeg() -> Vec<u8> {
    image_of(image::ImageFormat::Jpeg, 3)
}

pub fn tiny_webp() -> Vec<u8> {
    image_of(image::ImageFormat::WebP, 4)
}

/// A valid PNG followed by zeros up to `len` bytes: data behind the image, which decoders
/// ignore and the portal drops.
pub fn padded_png(len: usize) -> Vec<u8> {
    let mut bytes = tiny_png(1);
    bytes.resize(len, 0);
    bytes
}

/// The size and RGBA pixels of an encoded image.
pub fn pixels(bytes: &[u8]) -> image::RgbaImage {
    image::load_from_memory(bytes).expect("decodes").to_rgba8()
}

/// Whether `served` is the image `uploaded` encoded anew: the same size, and for lossless
/// formats the same pixels.
pub fn same_image(served: &[u8], uploaded: &[u8]) -> bool {
    let (a, b) = (pixels(served), pixels(uploaded));
    let lossy = image::guess_format(uploaded).ok() == Some(image::ImageFormat::Jpeg);
    a.dimensions() == b.dimensions() && (lossy || a == b)
}
