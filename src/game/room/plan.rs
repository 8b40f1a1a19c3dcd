//! The room the table stands in, as plain data: pieces (boxes, cylinders, a lamp's shade and
//! bulb), each with the kind of surface it shows, and how a surface looks (its colour in a theme,
//! the daylight on a face). The same plan is built as meshes
//! (`furnishings.rs`) and baked into the room's light (`baked_light.rs`), so what the varnish and the
//! stones reflect is what stands around them. One unit is a board's cell (about 4.5 cm).

use bevy::prelude::*;

use crate::files::theme::Theme;
use crate::game::board::layout::TABLE_TOP;
use crate::game::board::theme::colour;

/// The floor's height: a table's height (about 75 cm) below its top.
pub const FLOOR: f32 = TABLE_TOP - 16.5;
/// The ceiling's height (about 2.6 m above the floor).
pub const CEILING: f32 = FLOOR + 58.0;
/// The walls: west (the window's, on the left of the first view), east, north (behind the
/// board's far side) and south (behind the first view's camera). Each is one-sided, facing
/// in, so a camera drawn back beyond a wall sees through it into the room.
pub const WEST: f32 = -38.0;
/// The east wall.
pub const EAST: f32 = 38.0;
/// The north wall.
pub const NORTH: f32 = -25.0;
/// The south wall.
pub const SOUTH: f32 = 42.0;
/// The table top's half width (x) and half depth (z): room for the board and the captured
/// stones' piles before each player.
pub const TABLE_HALF: Vec2 = Vec2::new(10.5, 10.5);
/// Where the desk lamp's bulb glows, on the table's far right corner; the warm fill light
/// shines from it.
pub const LAMP_BULB: Vec3 = Vec3::new(8.6, TABLE_TOP + 3.8, -8.6);
/// Where the sun shines from (through the window): the table's sunlight comes from this way.
pub const SUN_FROM: Vec3 = Vec3::new(-8.0, 11.0, 5.0);

/// How far from the board's centre the furniture stands whose shadows are drawn.
const BY_THE_TABLE: f32 = 20.0;

/// What a piece's face is made of; the theme gives each its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Plastered walls.
    Wall,
    /// The ceiling.
    Ceiling,
    /// Painted wood: skirting, the window's and the picture's frames.
    Trim,
    /// Floorboards.
    Floor,
    /// The rug under the table.
    Rug,
    /// The table's legs, in the table's wood.
    TableWood,
    /// The chairs, the bookcase and the chest.
    Furniture,
    /// The chairs' cushions and the lamp's cloth shade.
    Cushion,
    /// A book's spine, in the `n`th of the theme's book colours.
    Book(u8),
    /// The picture on the wall.
    Canvas,
    /// The lamp's brass.
    Brass,
    /// The daylight behind the window's glass (it glows).
    Daylight,
    /// The lamp's bulb (it glows).
    Lamplight,
}

impl Surface {
    /// Whether it gives light rather than reflecting it.
    #[must_use]
    pub fn glows(self) -> bool {
        matches!(self, Surface::Daylight | Surface::Lamplight)
    }
}

/// The colour a surface shows in this theme.
#[must_use]
pub fn surface_colour(surface: Surface, theme: &Theme) -> Color {
    let room = &theme.room;
    colour(match surface {
        Surface::Wall => room.wall,
        Surface::Ceiling => room.ceiling,
        Surface::Trim => room.trim,
        Surface::Floor => room.floor,
        Surface::Rug => room.rug,
        Surface::TableWood => theme.table,
        Surface::Furniture => room.furniture,
        Surface::Cushion => room.cushion,
        Surface::Book(n) => room.books[usize::from(n) % room.books.len()],
        Surface::Canvas => room.daylight.mix(room.books[3], 0.55),
        Surface::Brass => theme.city,
        Surface::Daylight => room.daylight,
        Surface::Lamplight => room.lamplight,
    })
}

/// How bright a face looks lit by the sun through the window and the room's bounced light, as
/// the baked environment map has it (`baked_light.rs`): 1 is its own colour.
#[must_use]
pub fn daylight_on(normal: Vec3) -> f32 {
    0.3 + 0.7 * normal.dot(SUN_FROM.normalize()).max(0.0)
}

/// A piece's shape, centred on its place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A box of this size.
    Block(Vec3),
    /// A flat, one-sided face of this size (one of its sides 0) seen from `facing`'s side.
    Panel {
        /// Its size.
        size: Vec3,
        /// The way it faces.
        facing: Vec3,
    },
    /// An upright cylinder.
    Cylinder {
        /// Its radius.
        radius: f32,
        /// Its height.
        height: f32,
    },
    /// An upright cone cut flat (the lamp's shade).
    Shade {
        /// The radius at its top.
        top: f32,
        /// The radius at its foot.
        bottom: f32,
        /// Its height.
        height: f32,
    },
    /// A ball (the bulb).
    Ball(f32),
}

impl Shape {
    /// Half the box the shape fits in.
    #[must_use]
    pub fn half_extent(self) -> Vec3 {
        match self {
            Shape::Block(size) | Shape::Panel { size, .. } => size / 2.0,
            Shape::Cylinder { radius, height } => Vec3::new(radius, height / 2.0, radius),
            Shape::Shade {
                top,
                bottom,
                height,
            } => {
                let r = top.max(bottom);
                Vec3::new(r, height / 2.0, r)
            }
            Shape::Ball(r) => Vec3::splat(r),
        }
    }
}

/// One piece of the room.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piece {
    /// The piece's name in the scene.
    pub name: &'static str,
    /// Its centre.
    pub centre: Vec3,
    /// Its shape.
    pub shape: Shape,
    /// What it is made of.
    pub surface: Surface,
}

impl Piece {
    fn block(name: &'static str, centre: Vec3, size: Vec3, surface: Surface) -> Piece {
        Piece {
            name,
            centre,
            shape: Shape::Block(size),
            surface,
        }
    }

    /// Whether it throws a shadow: the furniture by the table does (the chairs, the table's legs,
    /// the lamp), where its shadow falls on the floor and the rug; the walls, floor and window
    /// do not (the sun shines in through where they stand), nor what stands along the walls,
    /// whose shadows would fall on walls that take none.
    #[must_use]
    pub fn casts_shadow(&self) -> bool {
        let by_the_table = self.centre.xz().length() < BY_THE_TABLE;
        by_the_table
            && !matches!(
                self.surface,
                Surface::Wall
                    | Surface::Ceiling
                    | Surface::Floor
                    | Surface::Rug
                    | Surface::Daylight
                    | Surface::Lamplight
            )
            && !self.name.starts_with("Window")
    }

    /// Whether the shadows fall on it: only what stands on the floor by the table and the table
    /// itself (the floor, the rug, the table's legs, the lamp), where they ground the table. The
    /// walls, the ceiling and the furniture along them are lit without a look at the shadow
    /// map, which a software renderer pays for in every pixel they cover.
    #[must_use]
    pub fn receives_shadow(&self) -> bool {
        matches!(
            self.surface,
            Surface::Floor | Surface::Rug | Surface::TableWood | Surface::Brass
        ) && !self.name.starts_with("Chest")
    }

    /// Where a ray from `from` along `dir` (unit) first meets the piece's box, and the box's
    /// face normal there.
    #[must_use]
    pub fn hit(&self, from: Vec3, dir: Vec3) -> Option<(f32, Vec3)> {
        let half = self.shape.half_extent();
        let (lo, hi) = (self.centre - half, self.centre + half);
        let (mut near, mut far, mut axis) = (0.0_f32, f32::INFINITY, 0);
        for a in 0..3 {
            if dir[a].abs() < 1e-9 {
                if from[a] < lo[a] || from[a] > hi[a] {
                    return None;
                }
                continue;
            }
            let (t0, t1) = ((lo[a] - from[a]) / dir[a], (hi[a] - from[a]) / dir[a]);
            let (t0, t1) = (t0.min(t1), t0.max(t1));
            if t0 > near {
                near = t0;
                axis = a;
            }
            far = far.min(t1);
            if near > far {
                return None;
            }
        }
        let mut normal = Vec3::ZERO;
        normal[axis] = -dir[axis].signum();
        Some((near, normal))
    }
}

/// The table's top, on which the board lies (built by `table.rs`, which paints its planks).
#[must_use]
pub fn table_top() -> Piece {
    Piece::block(
        "Table",
        Vec3::new(0.0, TABLE_TOP - 0.5, 0.0),
        Vec3::new(TABLE_HALF.x * 2.0, 1.0, TABLE_HALF.y * 2.0),
        Surface::TableWood,
    )
}

/// Every piece of the room: its shell, the table's legs, the rug, two chairs, a bookcase, a
/// chest with a picture above it, the window and the desk lamp. The table top itself is
/// `table.rs`'s.
#[must_use]
pub fn room() -> Vec<Piece> {
    let mut pieces = shell();
    pieces.extend(window());
    pieces.extend(table_legs());
    pieces.extend(chair(-14.5, 1.0));
    pieces.extend(chair(14.5, -1.0));
    pieces.extend(bookcase(20.0));
    pieces.extend(chest_and_picture(-20.0));
    pieces.extend(lamp());
    pieces
}

/// The floor, the ceiling, four walls with their skirting, and the rug.
fn shell() -> Vec<Piece> {
    let (w, d, h) = (EAST - WEST, SOUTH - NORTH, CEILING - FLOOR);
    let (mid_x, mid_z, mid_y) = ((EAST + WEST) / 2.0, (SOUTH + NORTH) / 2.0, FLOOR + h / 2.0);
    let panel = |name, centre, size, facing, surface| Piece {
        name,
        centre,
        shape: Shape::Panel { size, facing },
        surface,
    };
    let mut pieces = vec![
        panel(
            "Floor",
            Vec3::new(mid_x, FLOOR, mid_z),
            Vec3::new(w, 0.0, d),
            Vec3::Y,
            Surface::Floor,
        ),
        panel(
            "Ceiling",
            Vec3::new(mid_x, CEILING, mid_z),
            Vec3::new(w, 0.0, d),
            Vec3::NEG_Y,
            Surface::Ceiling,
        ),
        Piece::block(
            "Rug",
            Vec3::new(0.0, FLOOR + 0.06, 1.0),
            Vec3::new(40.0, 0.12, 34.0),
            Surface::Rug,
        ),
    ];
    let walls = [
        ("Wall west", Vec3::new(WEST, mid_y, mid_z), Vec3::X),
        ("Wall east", Vec3::new(EAST, mid_y, mid_z), Vec3::NEG_X),
        ("Wall north", Vec3::new(mid_x, mid_y, NORTH), Vec3::Z),
        ("Wall south", Vec3::new(mid_x, mid_y, SOUTH), Vec3::NEG_Z),
    ];
    for (name, centre, facing) in walls {
        let along = if facing.x == 0.0 {
            Vec3::X * w
        } else {
            Vec3::Z * d
        };
        pieces.push(panel(
            name,
            centre,
            along + Vec3::Y * h,
            facing,
            Surface::Wall,
        ));
        // The skirting: a strip along the wall's foot, standing out of it.
        let strip = along + Vec3::Y * 2.4 + facing.abs() * 0.5;
        pieces.push(Piece::block(
            "Skirting",
            Vec3::new(centre.x, FLOOR + 1.2, centre.z) + facing * 0.25,
            strip,
            Surface::Trim,
        ));
    }
    pieces
}

/// A tall window in the west wall, on the left of the first view: daylight behind a painted
/// frame with a cross of glazing bars, and a sill.
fn window() -> Vec<Piece> {
    let (y, z) = (FLOOR + 34.0, -2.0);
    let (height, width) = (26.0, 22.0);
    let x = WEST + 0.2;
    let frame = |name, dy: f32, dz: f32, size: Vec3| {
        Piece::block(
            name,
            Vec3::new(x + 0.2, y + dy, z + dz),
            size,
            Surface::Trim,
        )
    };
    vec![
        Piece::block(
            "Window's daylight",
            Vec3::new(WEST + 0.05, y, z),
            Vec3::new(0.1, height, width),
            Surface::Daylight,
        ),
        frame(
            "Window frame",
            height / 2.0,
            0.0,
            Vec3::new(0.8, 1.2, width + 1.2),
        ),
        frame(
            "Window frame",
            -height / 2.0,
            0.0,
            Vec3::new(0.8, 1.2, width + 1.2),
        ),
        frame(
            "Window frame",
            0.0,
            width / 2.0,
            Vec3::new(0.8, height, 1.2),
        ),
        frame(
            "Window frame",
            0.0,
            -width / 2.0,
            Vec3::new(0.8, height, 1.2),
        ),
        frame("Window bar", 0.0, 0.0, Vec3::new(0.5, height, 0.5)),
        frame("Window bar", height * 0.2, 0.0, Vec3::new(0.5, 0.5, width)),
        Piece::block(
            "Window sill",
            Vec3::new(WEST + 1.2, y - height / 2.0 - 1.0, z),
            Vec3::new(2.4, 0.8, width + 3.0),
            Surface::Trim,
        ),
    ]
}

/// The table's four legs, from under its top to the floor.
fn table_legs() -> Vec<Piece> {
    let top = TABLE_TOP - 1.0;
    let height = top - FLOOR;
    let inset = TABLE_HALF - Vec2::splat(1.6);
    [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
        .into_iter()
        .map(|(sx, sz)| {
            Piece::block(
                "Table leg",
                Vec3::new(sx * inset.x, FLOOR + height / 2.0, sz * inset.y),
                Vec3::new(1.5, height, 1.5),
                Surface::TableWood,
            )
        })
        .collect()
}

/// A chair pulled up to the table at `z`, its back on the side away from the table (`facing`
/// is +1 when it faces +z).
fn chair(z: f32, facing: f32) -> Vec<Piece> {
    let seat = FLOOR + 10.0;
    let back_z = z - facing * 4.0;
    let mut pieces = vec![
        Piece::block(
            "Chair seat",
            Vec3::new(0.0, seat, z),
            Vec3::new(9.0, 1.0, 8.6),
            Surface::Furniture,
        ),
        Piece::block(
            "Chair cushion",
            Vec3::new(0.0, seat + 0.8, z + facing * 0.3),
            Vec3::new(8.2, 0.7, 7.6),
            Surface::Cushion,
        ),
        Piece::block(
            "Chair back",
            Vec3::new(0.0, seat + 7.5, back_z),
            Vec3::new(9.0, 8.0, 0.8),
            Surface::Furniture,
        ),
    ];
    for (sx, sz) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let back = sz == -facing;
        let height = if back { 19.5 } else { 10.0 };
        pieces.push(Piece::block(
            "Chair leg",
            Vec3::new(sx * 3.9, FLOOR + height / 2.0, z + sz * 3.7),
            Vec3::new(0.9, height, 0.9),
            Surface::Furniture,
        ));
    }
    pieces
}

/// A bookcase against the north wall at `x`: sides, shelves and rows of books.
fn bookcase(x: f32) -> Vec<Piece> {
    let (width, height, depth) = (20.0, 36.0, 7.0);
    let z = NORTH + depth / 2.0;
    let mut pieces = vec![
        Piece::block(
            "Bookcase back",
            Vec3::new(x, FLOOR + height / 2.0, NORTH + 0.2),
            Vec3::new(width, height, 0.4),
            Surface::Furniture,
        ),
        Piece::block(
            "Bookcase side",
            Vec3::new(x - width / 2.0 + 0.5, FLOOR + height / 2.0, z),
            Vec3::new(1.0, height, depth),
            Surface::Furniture,
        ),
        Piece::block(
            "Bookcase side",
            Vec3::new(x + width / 2.0 - 0.5, FLOOR + height / 2.0, z),
            Vec3::new(1.0, height, depth),
            Surface::Furniture,
        ),
    ];
    let shelves = [0.5, 9.0, 17.5, 26.0, 35.5];
    for (i, &y) in shelves.iter().enumerate() {
        pieces.push(Piece::block(
            "Bookcase shelf",
            Vec3::new(x, FLOOR + y, z),
            Vec3::new(width - 2.0, 1.0, depth),
            Surface::Furniture,
        ));
        if i + 1 < shelves.len() {
            pieces.extend(books(
                x - width / 2.0 + 1.2,
                x + width / 2.0 - 1.2,
                FLOOR + y + 0.5,
                z,
            ));
        }
    }
    pieces
}

/// A row of books standing on a shelf at height `y` between `from` and `to`, their widths and
/// heights varied by a fixed pattern, a gap left now and then.
fn books(from: f32, to: f32, y: f32, z: f32) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut x = from;
    let mut n = (from * 7.0).abs() as u32 + (y * 3.0).abs() as u32;
    loop {
        n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let width = 0.7 + (n >> 16) as f32 % 9.0 / 10.0;
        let height = 5.0 + (n >> 8) as f32 % 25.0 / 10.0;
        if x + width > to {
            break;
        }
        if n.is_multiple_of(11) {
            x += 1.5;
            continue;
        }
        pieces.push(Piece::block(
            "Book",
            Vec3::new(x + width / 2.0, y + height / 2.0, z + 0.5),
            Vec3::new(width - 0.05, height, 5.0),
            Surface::Book((n % 4) as u8),
        ));
        x += width;
    }
    pieces
}

/// A low chest against the north wall at `x`, and a framed picture above it.
fn chest_and_picture(x: f32) -> Vec<Piece> {
    let z = NORTH + 3.5;
    vec![
        Piece::block(
            "Chest",
            Vec3::new(x, FLOOR + 8.0, z),
            Vec3::new(18.0, 16.0, 7.0),
            Surface::Furniture,
        ),
        Piece::block(
            "Chest top",
            Vec3::new(x, FLOOR + 16.3, z + 0.2),
            Vec3::new(18.8, 0.6, 7.2),
            Surface::TableWood,
        ),
        Piece::block(
            "Picture frame",
            Vec3::new(x, FLOOR + 32.0, NORTH + 0.3),
            Vec3::new(15.0, 11.0, 0.6),
            Surface::Trim,
        ),
        Piece::block(
            "Picture",
            Vec3::new(x, FLOOR + 32.0, NORTH + 0.45),
            Vec3::new(13.4, 9.4, 0.6),
            Surface::Canvas,
        ),
    ]
}

/// The desk lamp on the table's far right corner: a brass foot and stem, a cloth shade and its
/// bulb.
fn lamp() -> Vec<Piece> {
    let (x, z) = (LAMP_BULB.x, LAMP_BULB.z);
    vec![
        Piece {
            name: "Lamp foot",
            centre: Vec3::new(x, TABLE_TOP + 0.2, z),
            shape: Shape::Cylinder {
                radius: 1.1,
                height: 0.4,
            },
            surface: Surface::Brass,
        },
        Piece {
            name: "Lamp stem",
            centre: Vec3::new(x, TABLE_TOP + 2.2, z),
            shape: Shape::Cylinder {
                radius: 0.16,
                height: 3.8,
            },
            surface: Surface::Brass,
        },
        Piece {
            name: "Lamp shade",
            centre: LAMP_BULB + Vec3::Y * 0.9,
            shape: Shape::Shade {
                top: 0.8,
                bottom: 1.9,
                height: 2.2,
            },
            surface: Surface::Cushion,
        },
        Piece {
            name: "Lamp bulb",
            centre: LAMP_BULB,
            shape: Shape::Ball(0.55),
            surface: Surface::Lamplight,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_stands_inside_the_room_and_nothing_but_the_shell_touches_its_walls() {
        for p in room() {
            let half = p.shape.half_extent();
            let (lo, hi) = (p.centre - half, p.centre + half);
            let shell = matches!(p.surface, Surface::Wall | Surface::Floor | Surface::Ceiling);
            if !shell {
                assert!(lo.x >= WEST - 0.01 && hi.x <= EAST + 0.01, "{p:?}");
                assert!(lo.z >= NORTH - 0.01 && hi.z <= SOUTH + 0.01, "{p:?}");
                assert!(lo.y >= FLOOR - 0.01 && hi.y <= CEILING + 0.01, "{p:?}");
            }
        }
    }

    #[test]
    fn nothing_but_the_lamp_rises_over_the_table_near_the_board() {
        // The board and its trays lie within 10 units of the centre, where a camera circling
        // it looks down: only the lamp, on the table's far corner, stands up there.
        for p in room() {
            let top = p.centre.y + p.shape.half_extent().y;
            let horizontal = p.centre.xz().length();
            let shell = matches!(p.shape, Shape::Panel { .. });
            if top > TABLE_TOP + 0.01 && !shell {
                assert!(
                    p.name.starts_with("Lamp") || horizontal > 10.0,
                    "{} rises over the table at {horizontal}",
                    p.name
                );
            }
        }
    }

    #[test]
    fn the_shadows_fall_on_the_floor_and_the_table_not_on_the_walls() {
        let receives = |name: &str| {
            room()
                .iter()
                .filter(|p| p.name == name)
                .all(Piece::receives_shadow)
        };
        assert!(receives("Floor") && receives("Rug") && receives("Table leg"));
        assert!(!receives("Wall west") && !receives("Ceiling") && !receives("Book"));
        assert!(table_top().receives_shadow());
        let casts = |name: &str| {
            room()
                .iter()
                .filter(|p| p.name == name)
                .all(Piece::casts_shadow)
        };
        assert!(casts("Chair back") && casts("Table leg") && casts("Lamp shade"));
        assert!(!casts("Book") && !casts("Bookcase side") && !casts("Chest") && !casts("Rug"));
    }

    #[test]
    fn a_ray_meets_a_box_at_its_near_face() {
        let wall = Piece::block(
            "w",
            Vec3::new(-10.0, 0.0, 0.0),
            Vec3::ONE * 2.0,
            Surface::Wall,
        );
        let (t, n) = wall.hit(Vec3::ZERO, Vec3::NEG_X).expect("a hit");
        assert!((t - 9.0).abs() < 1e-5 && n == Vec3::X, "{t} {n}");
        assert_eq!(wall.hit(Vec3::ZERO, Vec3::X), None);
        assert_eq!(wall.hit(Vec3::ZERO, Vec3::Y), None);
    }

    #[test]
    fn the_window_is_on_the_west_wall_and_glows() {
        let glass: Vec<Piece> = room()
            .into_iter()
            .filter(|p| p.surface == Surface::Daylight)
            .collect();
        assert_eq!(glass.len(), 1);
        assert!(glass[0].centre.x < WEST + 1.0 && glass[0].surface.glows());
    }
}
