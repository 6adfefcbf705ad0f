use super::*;

#[test]
fn text_masks_read_x_as_off_and_dot_or_space_as_on() {
    let mask = Mask::parse_text("X..\n. X\r\n...\n\n").expect("valid mask");
    assert_eq!((mask.width(), mask.height(), mask.on_count()), (3, 3, 7));
    assert!(!mask.is_on(Pos::new(0, 0)));
    assert!(mask.is_on(Pos::new(1, 1)));
    assert!(!mask.is_on(Pos::new(1, 2)));
    assert!(!mask.is_on(Pos::new(3, 0)), "outside the rectangle is off");
    assert_eq!(mask.to_text(), "X..\n..X\n...\n");
}

#[test]
fn text_mask_errors_name_the_problem() {
    assert_eq!(Mask::parse_text(""), Err(MaskError::Empty));
    assert_eq!(
        Mask::parse_text("...\n..\n"),
        Err(MaskError::Ragged {
            line: 2,
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        Mask::parse_text("..\n.#\n"),
        Err(MaskError::BadChar {
            line: 2,
            column: 2,
            found: '#'
        })
    );
    assert_eq!(Mask::parse_text("X.\nXX\n"), Err(MaskError::TooFew(1)));
    assert_eq!(
        Mask::parse_text(".X.\n.X.\n"),
        Err(MaskError::Disconnected {
            pieces: 2,
            unreached: Pos::new(0, 2)
        })
    );
    // Touching at a corner is not connected: passages run north, east, south, west.
    assert!(matches!(
        Mask::parse_text(".X\nX.\n"),
        Err(MaskError::Disconnected { pieces: 2, .. })
    ));
}

#[test]
fn builtin_shapes_are_connected_at_many_sizes() {
    for name in BUILTIN_SHAPES {
        for (w, h) in [(8, 5), (20, 10), (41, 23), (100, 100)] {
            let mask = Mask::builtin(name, w, h)
                .expect("a built-in name")
                .unwrap_or_else(|e| panic!("{name} {w}x{h}: {e}"));
            assert!(
                mask.on_count() < (w * h) as usize,
                "{name} {w}x{h} has a shape"
            );
        }
    }
    assert!(Mask::builtin("square", 5, 5).is_none());
}

#[test]
fn every_glyph_makes_a_connected_word() {
    let font = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for ch in font.chars() {
        let mask = Mask::text(&ch.to_string()).unwrap_or_else(|e| panic!("{ch}: {e}"));
        assert_eq!((mask.width(), mask.height()), (12, 18));
    }
    let word = Mask::text("Maze 27").expect("letters, digits and a space");
    assert_eq!(word.width(), 12 * 7);
    assert_eq!(Mask::text("a!"), Err(MaskError::NoGlyph('!')));
    assert_eq!(Mask::text(""), Err(MaskError::Empty));
}

/// A PNG of `width × height` grey pixels.
fn grey_png(width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(pixels).expect("pixels");
    }
    bytes
}

#[test]
fn png_masks_read_dark_pixels_as_off() {
    let png = grey_png(3, 2, &[0, 255, 200, 127, 128, 255]);
    let mask = Mask::from_png(&png).expect("valid mask");
    assert_eq!(mask.to_text(), "X..\nX..\n");
    let mut rgba = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut rgba, 2, 1);
        encoder.set_color(png::ColorType::Rgba);
        let mut writer = encoder.write_header().expect("header");
        // Light red (on) and transparent black (on).
        writer
            .write_image_data(&[255, 200, 200, 255, 0, 0, 0, 0])
            .expect("pixels");
    }
    assert_eq!(Mask::from_png(&rgba).expect("valid mask").to_text(), "..\n");
    assert!(matches!(
        Mask::from_png(b"not a png"),
        Err(MaskError::Png(_))
    ));
    assert!(matches!(
        Mask::from_png(&grey_png(3, 1, &[255, 0, 255])),
        Err(MaskError::Disconnected { .. })
    ));
}
