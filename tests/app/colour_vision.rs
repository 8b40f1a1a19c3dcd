//! Colour is never the only signal: for every theme, any two marks that can show on the board
//! at once either differ in shape or stay at least 0.06 apart in OKLab, with normal vision and
//! under simulated protanopia and deuteranopia (Viénot 1999) and tritanopia (Brettel 1997). The
//! simulations are libDaltonLens' linear-sRGB matrices (public domain).

use stackyard::files::theme::{Theme, theme_names};
use stackyard::game::board::highlight::{MarkerShape, marker_colour, marks, shape_of};
use stackyard::game::core::view::MarkerKind;

/// The least OKLab distance between two marks of one shape shown at once.
const LEAST_APART: f32 = 0.06;

/// A mark on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mark {
    Target(MarkerKind),
    LastMove,
    Taken,
    AtRisk,
    Hint,
}

impl Mark {
    fn look(self) -> (MarkerShape, MarkerKind) {
        match self {
            Mark::Target(kind) => (shape_of(kind), kind),
            Mark::LastMove => marks::LAST_MOVE,
            Mark::Taken => marks::TAKEN,
            Mark::AtRisk => marks::AT_RISK,
            Mark::Hint => marks::HINT,
        }
    }
}

use Mark::{AtRisk, Hint, LastMove, Taken, Target};
use MarkerKind::{
    Insert, Pick, Place, Push, Selectable, SelectableForced, Selected, Splay, SplayForced, Step,
    Stop,
};

/// The marks that can show at once. Between turns: the stacks that may be chosen (all forced
/// in Splay, or none; all picks in Grabber; with Support's insertions), the last move, its
/// captures, the hint and the coach's warning. Within a turn: the chosen stack, its steps,
/// splays (all forced, or none), pushes, Grabber's stop, Cash In Hand's placements, the hint.
const SHOWN_TOGETHER: [&[Mark]; 5] = [
    &[
        Target(Selectable),
        Target(Insert),
        LastMove,
        Taken,
        Hint,
        AtRisk,
    ],
    &[Target(SelectableForced), LastMove, Taken, Hint, AtRisk],
    &[Target(Pick), LastMove, Taken, Hint, AtRisk],
    &[
        Target(Selected),
        Target(Step),
        Target(Splay),
        Target(Push),
        Target(Stop),
        Target(Place),
        Hint,
    ],
    &[Target(Selected), Target(SplayForced), Hint],
];

fn linear(c: f32) -> f32 {
    if c <= 0.040_45 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

type Matrix = [f32; 9];

fn times(m: &Matrix, v: [f32; 3]) -> [f32; 3] {
    [
        m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
        m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
        m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
    ]
}

/// How a colour (linear sRGB) is seen.
#[derive(Clone, Copy, Debug)]
enum Vision {
    Normal,
    Protanopia,
    Deuteranopia,
    Tritanopia,
}

impl Vision {
    const ALL: [Vision; 4] = [
        Vision::Normal,
        Vision::Protanopia,
        Vision::Deuteranopia,
        Vision::Tritanopia,
    ];

    fn see(self, rgb: [f32; 3]) -> [f32; 3] {
        // Viénot, Brettel and Mollon 1999, for the two red-green dichromacies.
        const PROTAN: Matrix = [
            0.112_38, 0.887_62, 0.0, 0.112_38, 0.887_62, 0.0, 0.004_01, -0.004_01, 1.0,
        ];
        const DEUTAN: Matrix = [
            0.292_75, 0.707_25, 0.0, 0.292_75, 0.707_25, 0.0, -0.022_34, 0.022_34, 1.0,
        ];
        // Brettel, Viénot and Mollon 1997: two half-planes, chosen by a separating plane.
        const TRITAN_1: Matrix = [
            1.012_77, 0.135_48, -0.148_26, -0.012_43, 0.868_12, 0.144_31, 0.075_89, 0.805, 0.119_11,
        ];
        const TRITAN_2: Matrix = [
            0.936_78, 0.189_79, -0.126_57, 0.061_54, 0.815_26, 0.123_2, -0.375_62, 1.127_67,
            0.247_96,
        ];
        const TRITAN_NORMAL: [f32; 3] = [0.039_01, -0.027_88, -0.011_13];
        let seen = match self {
            Vision::Normal => rgb,
            Vision::Protanopia => times(&PROTAN, rgb),
            Vision::Deuteranopia => times(&DEUTAN, rgb),
            Vision::Tritanopia => {
                let side: f32 = rgb.iter().zip(TRITAN_NORMAL).map(|(c, n)| c * n).sum();
                times(if side >= 0.0 { &TRITAN_1 } else { &TRITAN_2 }, rgb)
            }
        };
        seen.map(|c| c.clamp(0.0, 1.0))
    }
}

/// OKLab (Björn Ottosson, 2020) of a linear sRGB colour.
fn oklab(rgb: [f32; 3]) -> [f32; 3] {
    let lms = times(
        &[
            0.412_221_47,
            0.536_332_55,
            0.051_445_99,
            0.211_903_5,
            0.680_699_5,
            0.107_396_96,
            0.088_302_46,
            0.281_718_85,
            0.629_978_7,
        ],
        rgb,
    )
    .map(f32::cbrt);
    times(
        &[
            0.210_454_26,
            0.793_617_8,
            -0.004_072_047,
            1.977_998_5,
            -2.428_592_2,
            0.450_593_7,
            0.025_904_037,
            0.782_771_77,
            -0.808_675_77,
        ],
        lms,
    )
}

fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).powi(2))
        .sum::<f32>()
        .sqrt()
}

/// A mark's colour in a theme, linear sRGB.
fn colour_of(theme: &Theme, kind: MarkerKind) -> [f32; 3] {
    let c = marker_colour(kind, &theme.markers).to_srgba();
    [c.red, c.green, c.blue].map(linear)
}

/// How far apart two sRGB colours (`#rrggbb`) are seen.
fn apart(vision: Vision, a: u32, b: u32) -> f32 {
    let rgb = |hex: u32| [hex >> 16, hex >> 8, hex].map(|c| linear((c & 255) as f32 / 255.0));
    distance(oklab(vision.see(rgb(a))), oklab(vision.see(rgb(b))))
}

#[test]
fn the_simulations_give_the_published_figures() {
    // The wood theme's old splay blue and hint purple under deuteranopia: 0.026 apart, where
    // the closest pair with normal vision was 0.057 (measured when the shapes were added).
    let seen = apart(Vision::Deuteranopia, 0x4d_a6_ff, 0xd9_4d_ff);
    assert!((seen - 0.026).abs() < 0.002, "{seen}");
    assert!(apart(Vision::Normal, 0x4d_a6_ff, 0xd9_4d_ff) > 0.2);
    // A colour and the colour a dichromat sees in its place: far apart with normal vision,
    // one colour for the dichromat (each simulation projects onto the colours it keeps).
    for (vision, hex) in [
        (Vision::Protanopia, 0xd0_30_30),
        (Vision::Deuteranopia, 0x30_c0_30),
        (Vision::Tritanopia, 0x3c_8c_dc),
    ] {
        let c = [hex >> 16, hex >> 8, hex].map(|c| linear((c & 255) as f32 / 255.0));
        let instead = vision.see(c);
        let normal = distance(oklab(c), oklab(instead));
        let theirs = distance(oklab(vision.see(c)), oklab(vision.see(instead)));
        assert!(
            normal > 0.05 && theirs < 0.01,
            "{vision:?}: {normal} {theirs}"
        );
    }
}

/// Every pair of marks shown at once that `look` draws in one shape, with how far apart each
/// vision sees their colours, where it is under [`LEAST_APART`].
fn colour_only_pairs(
    theme: &Theme,
    look: impl Fn(Mark) -> (MarkerShape, MarkerKind),
) -> Vec<String> {
    let mut faults = Vec::new();
    for group in SHOWN_TOGETHER {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                let ((shape_a, kind_a), (shape_b, kind_b)) = (look(a), look(b));
                if shape_a != shape_b {
                    continue;
                }
                for vision in Vision::ALL {
                    let seen = |kind| oklab(vision.see(colour_of(theme, kind)));
                    let d = distance(seen(kind_a), seen(kind_b));
                    if d < LEAST_APART {
                        faults.push(format!(
                            "{}: {a:?} and {b:?}, both {shape_a:?}, {d:.3} apart under {vision:?}",
                            theme.name
                        ));
                    }
                }
            }
        }
    }
    faults
}

/// Every theme the app ships.
fn themes() -> Vec<Theme> {
    let folder = std::path::Path::new("assets/themes");
    let names = theme_names(folder);
    assert!(names.len() >= 2, "the themes: {names:?}");
    names
        .iter()
        .map(|name| Theme::load(folder, name).expect("a shipped theme"))
        .collect()
}

#[test]
fn marks_shown_together_differ_in_shape_or_in_colour_for_every_kind_of_vision() {
    for theme in themes() {
        let faults = colour_only_pairs(&theme, Mark::look);
        assert!(faults.is_empty(), "{faults:#?}");
    }
}

#[test]
fn two_marks_of_one_shape_that_a_dichromat_confuses_are_found() {
    let mut theme = themes().swap_remove(0);
    // Grabber's stop in the chosen stack's colour: told apart only by its cross.
    theme.markers.stop = theme.markers.selected;
    assert!(colour_only_pairs(&theme, Mark::look).is_empty());
    let stop_as_a_ring = |mark: Mark| match mark {
        Target(Stop) => (MarkerShape::Ring, Stop),
        other => other.look(),
    };
    let faults = colour_only_pairs(&theme, stop_as_a_ring);
    assert_eq!(faults.len(), Vision::ALL.len(), "{faults:#?}");
    assert!(faults[0].contains("Target(Selected) and Target(Stop), both Ring"));
}

/// WCAG's contrast ratio of two linear sRGB colours.
fn contrast(a: [f32; 3], b: [f32; 3]) -> f32 {
    let luminance = |c: [f32; 3]| 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn linear_of(rgb: stackyard::files::theme::Rgb) -> [f32; 3] {
    rgb.0.map(|c| linear(f32::from(c) / 255.0))
}

/// Every kind of mark, drawn over its dark outline: the mark keeps 3:1 from the outline, and
/// the outline 3:1 from every cell it can stand on (light, dark, special, or a mix of the
/// first two), so each mark stands out from the cell under it (WCAG 1.4.11).
#[test]
fn every_mark_keeps_three_to_one_from_the_cells_through_its_outline() {
    for theme in themes() {
        let outline = linear_of(theme.markers.outline);
        for kind in MarkerKind::ALL {
            let c = contrast(colour_of(&theme, kind), outline);
            assert!(
                c >= 3.0,
                "{}: {kind:?} on its outline, {c:.2}:1",
                theme.name
            );
        }
        for (cell, rgb) in [
            ("light", theme.tile_light),
            ("dark", theme.tile_dark),
            ("special", theme.tile_special),
        ] {
            let c = contrast(outline, linear_of(rgb));
            assert!(
                c >= 3.0,
                "{}: the outline on a {cell} cell, {c:.2}:1",
                theme.name
            );
        }
    }
    // Without the outline the wooden theme's step green would stand 1.2:1 from a light cell.
    let wood = themes()
        .into_iter()
        .find(|t| t.name == "Warm wood")
        .expect("the wooden theme");
    let bare = contrast(colour_of(&wood, Step), linear_of(wood.tile_light));
    assert!(bare < 3.0, "{bare}");
}
