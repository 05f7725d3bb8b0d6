//! `senet draw`: the board as SVG. The picture is valid XML that can be read back (every square
//! `data-square`, every piece `data-side` and `data-place`), its counts are those the rule files
//! state, the same input gives the same bytes; on the boards of holes no line carved between two
//! holes passes over another, and every hole's number shows clear of the lines and the holes; and
//! four pictures are kept as snapshots (a grid board with named squares, the Ur board with its
//! gaps, rosettes and paths, a position with pieces waiting and borne off and the throw in hand,
//! the holes and lines of Hounds and Jackals), each looked at by eye.

use crate::support::cli;

use std::path::PathBuf;

use cli::{run, senet};

/// Runs `senet draw ARGS` and returns the picture, which must succeed.
fn draw(args: &[&str]) -> String {
    let mut all = vec!["draw"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = run(&all);
    assert_eq!(code, 0, "senet {all:?} failed: {stderr}");
    stdout
}

/// Runs `senet draw ARGS` with `stdin` as standard input.
fn draw_with(args: &[&str], stdin: &str) -> String {
    let out = senet()
        .arg("draw")
        .args(args)
        .write_stdin(stdin.as_bytes().to_vec())
        .output()
        .expect("run senet");
    assert!(
        out.status.success(),
        "senet draw {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("the picture is UTF-8")
}

/// The elements of a picture that carry `attr`, with its value.
fn with_attr(svg: &str, attr: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is valid XML");
    doc.descendants()
        .filter_map(|n| n.attribute(attr).map(str::to_string))
        .collect()
}

/// The places of one side's pieces, in the order drawn.
/// The place of every piece of `side` drawn: a stack (`data-count`) counts its pieces.
fn places(svg: &str, side: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is valid XML");
    doc.descendants()
        .filter(|n| n.attribute("data-side") == Some(side) && n.has_attribute("data-place"))
        .flat_map(|n| {
            let count = n
                .attribute("data-count")
                .map_or(1, |c| c.parse::<usize>().expect("a count"));
            let place = n.attribute("data-place").unwrap_or_default().to_string();
            std::iter::repeat_n(place, count)
        })
        .collect()
}

fn count(list: &[String], value: &str) -> usize {
    list.iter().filter(|v| *v == value).count()
}

// ---- counts the rule files state ---------------------------------------------------------------

#[test]
fn senet_base_is_thirty_squares_with_five_pieces_a_side_on_the_first_ten() {
    let svg = draw(&["senet/base"]);
    let squares = with_attr(&svg, "data-square");
    // `board 3 x 10 snake`: squares 1 to 30, each drawn once.
    let expected: Vec<String> = (1..=30).map(|n| n.to_string()).collect();
    let mut sorted = squares.clone();
    sorted.sort_by_key(|s| s.parse::<u32>().unwrap());
    assert_eq!(sorted, expected);
    // `start red on 1, 3, 5, 7, 9; blue on 2, 4, 6, 8, 10`: one path, positions are squares.
    let mut red = places(&svg, "red");
    red.sort();
    assert_eq!(red, ["1", "3", "5", "7", "9"]);
    let mut blue = places(&svg, "blue");
    blue.sort_by_key(|s| s.parse::<u32>().unwrap());
    assert_eq!(blue, ["2", "4", "6", "8", "10"]);
    // `name 27 "House of Water"`: its name is on the board.
    assert!(
        svg.contains(">House of<") && svg.contains(">Water<"),
        "{svg}"
    );
}

#[test]
fn the_ur_board_leaves_its_gaps_out_and_marks_its_rosettes() {
    let svg = draw(&["twenty-squares/ur"]);
    let squares = with_attr(&svg, "data-square");
    // `board 3 x 8`, `gaps 5, 6, 21, 22`: twenty squares.
    assert_eq!(squares.len(), 20);
    for gap in ["5", "6", "21", "22"] {
        assert_eq!(count(&squares, gap), 0, "gap {gap} drawn");
    }
    // `marks positions 4, 8, 14`: light's path 4..1, 9..16, 8..7 puts them on squares 1, 12, 7,
    // dark's 20..17, 9..16, 24..23 on 17, 12, 23: five rosettes.
    assert_eq!(svg.matches("class=\"rosette\"").count(), 5, "{svg}");
    // `pieces 7 each`, `start waiting`: every piece waits beside the board.
    for side in ["light", "dark"] {
        let p = places(&svg, side);
        assert_eq!(p.len(), 7);
        assert_eq!(count(&p, "0"), 7, "{side}: {p:?}");
    }
}

#[test]
fn the_senet_squares_bear_the_signs_they_are_named_after() {
    // `senet/piccione`: `sign 15 ankh`, `sign 26 nefer`, `sign 27 water`, `sign 29 two`,
    // `sign 30 eye`, each drawn inside its square.
    let svg = draw(&["senet/piccione"]);
    let doc = roxmltree::Document::parse(&svg).expect("valid SVG");
    let signs: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("sign"))
        .map(|n| {
            let square = n
                .ancestors()
                .find_map(|a| a.attribute("data-square"))
                .expect("a sign inside a square");
            (
                square.to_string(),
                n.attribute("data-sign").unwrap().to_string(),
            )
        })
        .collect();
    let expected: Vec<(String, String)> = [
        ("15", "ankh"),
        ("26", "nefer"),
        ("27", "water"),
        ("29", "two"),
        ("30", "eye"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(signs, expected);
    // `senet/thirty-six` takes the inherited signs off 26, 27 and 30 and draws them on 32, 33
    // and 36.
    let svg = draw(&["senet/thirty-six"]);
    for (square, sign) in [("32", "nefer"), ("33", "water"), ("36", "eye")] {
        assert!(
            svg.contains(&format!("data-square=\"{square}\"")),
            "{square}"
        );
        assert!(svg.contains(&format!("data-sign=\"{sign}\"")), "{sign}");
    }
    assert_eq!(svg.matches("class=\"sign\"").count(), 3);
}

#[test]
fn hounds_and_jackals_is_fifty_eight_holes() {
    let svg = draw(&["hounds-and-jackals/carnarvon-carter"]);
    let squares = with_attr(&svg, "data-square");
    // 29 holes a side, drawn where `draw ... at ...` places them.
    assert_eq!(squares.len(), 58);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let holes = doc
        .descendants()
        .filter(|n| n.has_attribute("data-square"))
        .filter(|n| n.children().any(|c| c.has_tag_name("circle")))
        .count();
    assert_eq!(holes, 58, "every hole is a circle");
    // `marks 15, 25, 44, 54`: a ring round each.
    let marked = doc
        .descendants()
        .filter(|n| n.has_attribute("data-square"))
        .filter(|n| n.children().filter(|c| c.has_tag_name("circle")).count() == 2)
        .filter_map(|n| n.attribute("data-square"))
        .collect::<Vec<_>>();
    assert_eq!(marked, ["15", "25", "44", "54"]);
    // `pieces 5 each`, `start waiting`.
    assert_eq!(count(&places(&svg, "hounds"), "0"), 5);
    assert_eq!(count(&places(&svg, "jackals"), "0"), 5);
}

#[test]
fn a_cloth_board_is_squares_side_by_side_with_crosses_on_the_marked_ones() {
    // Pancha Keliya (`draw as cloth`): the row of nine and the track of 25, each square a
    // square where `draw ... at` places it, "the squares just before the track turns are marked
    // with an X".
    let svg = draw(&["cross-and-circle/pancha-keliya"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let squares: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_attribute("data-square"))
        .collect();
    assert_eq!(squares.len(), 34);
    assert!(
        squares
            .iter()
            .all(|n| n.children().any(|c| c.has_tag_name("rect"))
                && !n.children().any(|c| c.has_tag_name("circle"))),
        "every square a square, none a hole"
    );
    let crossed: Vec<_> = squares
        .iter()
        .filter(|n| n.children().any(|c| c.attribute("class") == Some("cross")))
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    assert_eq!(crossed, ["5", "14", "19", "24", "29"]);
    assert!(!svg.contains("rosette"));
    // Squares side by side do not overlap: the rising leg's squares 10-14 stand one above the
    // other, square 14 where the track turns right beside 15.
    let (x10, y10) = square_centre(&svg, 10);
    let (x14, y14) = square_centre(&svg, 14);
    let (x15, y15) = square_centre(&svg, 15);
    assert_eq!(x10, x14);
    assert!(y10 - y14 >= 4.0 * 40.0, "{y10} {y14}");
    assert_eq!(y14, y15);
    assert!(x15 - x14 >= 40.0);
    // The legend says the marks as they are drawn.
    assert!(svg.contains("5 cross: marked, safe"), "{svg}");
}

/// Each board of holes of `hounds-and-jackals/*`, with every value of its options that changes
/// the board (`board`: its lines; `holes`: its rings): the arguments of `senet draw`.
fn boards_of_holes() -> Vec<Vec<String>> {
    let (_, list, _) = run(&["list", "--format", "json"]);
    let list: serde_json::Value = serde_json::from_str(&list).unwrap();
    let mut boards = Vec::new();
    for entry in list.as_array().unwrap() {
        let id = entry["id"].as_str().unwrap();
        if !id.starts_with("hounds-and-jackals/") {
            continue;
        }
        let mut choices: Vec<Vec<String>> = vec![vec![id.to_string()]];
        for option in entry["options"].as_array().unwrap() {
            let name = option["name"].as_str().unwrap();
            if !["board", "holes"].contains(&name) {
                continue;
            }
            let values: Vec<&str> = option["allowed"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            choices = choices
                .into_iter()
                .flat_map(|args| {
                    values.iter().map(move |v| {
                        let mut more = args.clone();
                        more.extend(["--option".to_string(), format!("{name}={v}")]);
                        more
                    })
                })
                .collect();
        }
        boards.extend(choices);
    }
    boards
}

/// A board of holes as drawn: each hole's centre and how far it reaches (its ring, if marked),
/// by its square; each line carved between two holes as points along it (a curve finely), with
/// its ends and half its width.
struct Holes {
    holes: Vec<(String, (f64, f64), f64)>,
    lines: Vec<Carved>,
}

struct Carved {
    from: String,
    to: String,
    points: Vec<(f64, f64)>,
    half_width: f64,
}

fn number(node: roxmltree::Node, attr: &str) -> f64 {
    node.attribute(attr).unwrap().parse().unwrap()
}

fn holes_of(svg: &str) -> Holes {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let holes = doc
        .descendants()
        .filter(|n| n.has_attribute("data-square"))
        .map(|g| {
            let circles: Vec<_> = g.children().filter(|c| c.has_tag_name("circle")).collect();
            let c = circles[0];
            let reach = circles
                .iter()
                .map(|c| number(*c, "r") + number(*c, "stroke-width") / 2.0)
                .fold(0.0, f64::max);
            let square = g.attribute("data-square").unwrap().to_string();
            (square, (number(c, "cx"), number(c, "cy")), reach)
        })
        .collect();
    let lines = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("effect"))
        .map(|n| {
            let ends = (
                n.attribute("data-from").unwrap().to_string(),
                n.attribute("data-to").unwrap().to_string(),
            );
            let half = number(n, "stroke-width") / 2.0;
            let points = if n.has_tag_name("line") {
                let (a, b) = (
                    (number(n, "x1"), number(n, "y1")),
                    (number(n, "x2"), number(n, "y2")),
                );
                (0..=400)
                    .map(|i| {
                        let t = f64::from(i) / 400.0;
                        (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
                    })
                    .collect()
            } else {
                // `M x1,y1 Q cx,cy x2,y2` (a quadratic curve) or `M x1,y1 C ... x2,y2` (a
                // cubic one): Bézier curves, their points found by De Casteljau's steps.
                let d = n.attribute("d").unwrap();
                let numbers: Vec<f64> = d
                    .replace(['M', 'Q', 'C'], " ")
                    .split([' ', ','])
                    .filter(|x| !x.is_empty())
                    .map(|x| x.parse().unwrap())
                    .collect();
                let controls: Vec<(f64, f64)> = numbers.chunks(2).map(|c| (c[0], c[1])).collect();
                let kind = if d.contains('Q') { 3 } else { 4 };
                assert_eq!(controls.len(), kind, "a Bézier curve: {d}");
                (0..=400)
                    .map(|i| {
                        let t = f64::from(i) / 400.0;
                        let mut p = controls.clone();
                        while p.len() > 1 {
                            p = p
                                .windows(2)
                                .map(|w| {
                                    (
                                        w[0].0 + t * (w[1].0 - w[0].0),
                                        w[0].1 + t * (w[1].1 - w[0].1),
                                    )
                                })
                                .collect();
                        }
                        p[0]
                    })
                    .collect()
            };
            Carved {
                from: ends.0,
                to: ends.1,
                points,
                half_width: half,
            }
        })
        .collect();
    Holes { holes, lines }
}

#[test]
fn no_line_between_holes_passes_over_a_hole_it_does_not_join() {
    let mut lines = 0;
    let mut curves = 0;
    for args in boards_of_holes() {
        let mut all = args.iter().map(String::as_str).collect::<Vec<_>>();
        all.push("--paths");
        let svg = draw(&all);
        let board = holes_of(&svg);
        lines += board.lines.len();
        curves += svg.matches("<path class=\"effect\"").count();
        for Carved {
            from,
            to,
            points,
            half_width: half,
        } in &board.lines
        {
            for (square, (x, y), reach) in &board.holes {
                if square == from || square == to {
                    continue;
                }
                let near = points
                    .iter()
                    .map(|p| (p.0 - x).hypot(p.1 - y))
                    .fold(f64::INFINITY, f64::min);
                assert!(
                    near > reach + half,
                    "{args:?}: the line from {from} to {to} passes {near:.1} px from the centre of hole {square}, which reaches {reach}"
                );
            }
        }
    }
    // The boards with lines were drawn: Carnarvon and Carter's, the crossover boards (the line
    // from 10 back to 8 of Carnarvon and Carter's bowed round hole 9).
    assert!(lines > 40 && curves > 10, "{lines} lines, {curves} curves");
    let svg = draw(&["hounds-and-jackals/carnarvon-carter"]);
    assert!(
        svg.contains(r#"<path class="effect" data-from="10" data-to="8""#),
        "{svg}"
    );
}

#[test]
fn every_hole_number_shows_clear_of_the_lines_and_the_holes() {
    for args in boards_of_holes() {
        let all = args.iter().map(String::as_str).collect::<Vec<_>>();
        let svg = draw(&all);
        let board = holes_of(&svg);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let numbers: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_attribute("data-number"))
            .collect();
        let mut shown: Vec<&str> = numbers
            .iter()
            .map(|n| n.attribute("data-number").unwrap())
            .collect();
        let mut squares: Vec<&str> = board.holes.iter().map(|h| h.0.as_str()).collect();
        shown.sort_unstable();
        squares.sort_unstable();
        assert_eq!(shown, squares, "{args:?}: a number for each hole");
        for n in &numbers {
            let text = n.text().unwrap();
            assert_eq!(Some(text), n.attribute("data-number"));
            // Drawn on a halo: its outline under its fill.
            assert_eq!(
                n.attribute("paint-order"),
                Some("stroke"),
                "{args:?}: {text}"
            );
            // About the box of its digits (9-pixel digits, anchored in the middle).
            let (x, baseline) = (number(*n, "x"), number(*n, "y"));
            let half = 2.5 * text.len() as f64;
            let b = [x - half, baseline - 6.5, x + half, baseline];
            let distance = |p: &(f64, f64)| {
                let dx = (b[0] - p.0).max(p.0 - b[2]).max(0.0);
                let dy = (b[1] - p.1).max(p.1 - b[3]).max(0.0);
                dx.hypot(dy)
            };
            for (square, centre, reach) in &board.holes {
                assert!(
                    distance(centre) > *reach,
                    "{args:?}: the number {text} is on hole {square}"
                );
            }
            for Carved {
                from,
                to,
                points,
                half_width: half,
            } in &board.lines
            {
                let near = points.iter().map(distance).fold(f64::INFINITY, f64::min);
                assert!(
                    near > *half,
                    "{args:?}: the number {text} is under the line from {from} to {to}"
                );
            }
        }
    }
}

#[test]
fn every_bundled_rule_set_draws_as_valid_xml_with_every_piece() {
    let (_, list, _) = run(&["list", "--format", "json"]);
    let list: serde_json::Value = serde_json::from_str(&list).unwrap();
    for entry in list.as_array().unwrap() {
        let id = entry["id"].as_str().unwrap();
        let svg = draw(&[id, "--paths"]);
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{id}: {e}"));
        let sides: Vec<&str> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("path"))
            .filter_map(|n| n.attribute("data-path"))
            .collect();
        assert_eq!(
            serde_json::json!(sides.len()),
            entry["sides"],
            "{id}: a path per side"
        );
        let first = places(&svg, sides[0]).len();
        for side in &sides {
            let pieces = places(&svg, side).len();
            assert!(
                first > 0 && pieces == first,
                "{id}: {first} and {pieces} pieces"
            );
        }
        // Drawn for a narrow screen, the same pieces in the same places (those off the board
        // counted on their discs).
        let narrow = draw(&[id, "--paths", "--narrow"]);
        for side in &sides {
            let mut wide = places(&svg, side);
            let mut thin = places(&narrow, side);
            wide.sort();
            thin.sort();
            assert_eq!(wide, thin, "{id}: {side}'s pieces drawn narrow");
        }
    }
}

/// The centre of square `n`'s shape in a picture.
fn square_centre(svg: &str, n: u32) -> (f64, f64) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let square = doc
        .descendants()
        .find(|e| e.attribute("data-square") == Some(n.to_string().as_str()))
        .unwrap_or_else(|| panic!("no square {n}"));
    let rect = square
        .descendants()
        .find(|e| e.has_tag_name("rect"))
        .expect("a grid square is a rect");
    let get = |a: &str| rect.attribute(a).unwrap().parse::<f64>().unwrap();
    (
        get("x") + get("width") / 2.0,
        get("y") + get("height") / 2.0,
    )
}

#[test]
fn a_narrow_picture_turns_a_grid_a_quarter() {
    // Senet's 3 x 10 board: squares 1 and 2 side by side, 1 and 20 one above the other; drawn
    // narrow, 1 and 2 one above the other, 1 and 20 side by side, the picture narrower.
    let wide = draw(&["senet/kendall"]);
    let narrow = draw(&["senet/kendall", "--narrow"]);
    let width = |svg: &str| {
        let doc = roxmltree::Document::parse(svg).unwrap();
        doc.root_element()
            .attribute("width")
            .unwrap()
            .parse::<u32>()
            .unwrap()
    };
    assert!(
        width(&narrow) < 420 && width(&wide) > 600,
        "{} {}",
        width(&narrow),
        width(&wide)
    );
    let (one, two, twenty) = (
        square_centre(&wide, 1),
        square_centre(&wide, 2),
        square_centre(&wide, 20),
    );
    assert!(one.1 == two.1 && one.0 < two.0 && one.0 == twenty.0 && one.1 < twenty.1);
    let (one, two, twenty) = (
        square_centre(&narrow, 1),
        square_centre(&narrow, 2),
        square_centre(&narrow, 20),
    );
    assert!(one.0 == two.0 && one.1 < two.1 && one.1 == twenty.1 && one.0 < twenty.0);
    // The five pieces of a side waiting to enter: one disc, its count.
    let doc = roxmltree::Document::parse(&narrow).unwrap();
    let waiting: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-place") == Some("0"))
        .collect();
    // Kendall's Senet starts with every piece on the board.
    assert!(waiting.is_empty());
    let ur = draw(&["twenty-squares/ur", "--narrow"]);
    let doc = roxmltree::Document::parse(&ur).unwrap();
    let waiting: Vec<Option<&str>> = doc
        .descendants()
        .filter(|n| n.attribute("data-place") == Some("0"))
        .map(|n| n.attribute("data-count"))
        .collect();
    assert_eq!(waiting, [Some("7"), Some("7")]);
    // A tables board turns too: points 13 and 24 (the ends of its upper half) side by side,
    // drawn one above the other, the picture narrower.
    let (wide, thin) = (
        draw(&["tables/backgammon"]),
        draw(&["tables/backgammon", "--narrow"]),
    );
    assert!(
        width(&thin) < 360 && width(&wide) > 600,
        "{} {}",
        width(&thin),
        width(&wide)
    );
    let point = |svg: &str, n: u32| -> (f64, f64) {
        let doc = roxmltree::Document::parse(svg).unwrap();
        let polygon = doc
            .descendants()
            .find(|e| e.attribute("data-square") == Some(n.to_string().as_str()))
            .and_then(|g| g.descendants().find(|e| e.has_tag_name("polygon")))
            .unwrap();
        let xy: Vec<(f64, f64)> = polygon
            .attribute("points")
            .unwrap()
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        let n = xy.len() as f64;
        (
            xy.iter().map(|p| p.0).sum::<f64>() / n,
            xy.iter().map(|p| p.1).sum::<f64>() / n,
        )
    };
    let (a, b) = (point(&wide, 13), point(&wide, 24));
    assert!(a.1 == b.1 && a.0 < b.0);
    let (a, b) = (point(&thin, 13), point(&thin, 24));
    assert!(a.0 == b.0 && a.1 < b.1);
}

#[test]
fn paths_go_through_every_position_with_arrows() {
    let svg = draw(&["twenty-squares/ur", "--paths"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let lines: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("path"))
        .collect();
    let names: Vec<&str> = lines
        .iter()
        .filter_map(|n| n.attribute("data-path"))
        .collect();
    assert_eq!(names, ["light", "dark"]);
    for line in &lines {
        // `path light: 4..1, 9..16, 8..7`: fourteen positions.
        let points = line.attribute("points").unwrap().split(' ').count();
        assert_eq!(points, 14);
        assert!(
            line.attribute("marker-end")
                .unwrap()
                .starts_with("url(#senet-arrow-")
        );
    }
    // `colour light: white`, `colour dark: red`: an arrow head for each.
    let markers: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("marker"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert_eq!(markers, ["senet-arrow-white", "senet-arrow-red"]);
    // Without `--paths` no line is drawn.
    assert!(!draw(&["twenty-squares/ur"]).contains("class=\"path\""));
}

/// A position of Ur with pieces waiting, on the board and borne off, and a throw of 3.
const UR_POSITION: &str = r#"{"to_move":"light","throw":3,"pieces":{"light":[0,0,4,6,9,"off","off"],"dark":[0,2,5,8,13,14,"off"]}}"#;

#[test]
fn a_position_puts_each_piece_at_its_place_and_shows_the_throw() {
    let svg = draw_with(&["twenty-squares/ur", "--position", "-"], UR_POSITION);
    let mut light = places(&svg, "light");
    light.sort();
    assert_eq!(light, ["0", "0", "4", "6", "9", "off", "off"]);
    let mut dark = places(&svg, "dark");
    dark.sort();
    assert_eq!(dark, ["0", "13", "14", "2", "5", "8", "off"]);
    // Ur's four tetrahedral dice: a 3 is three marked tips up of four, drawn as pyramids.
    assert_eq!(with_attr(&svg, "data-throw"), ["3"]);
    assert_eq!(svg.matches("class=\"tetrahedron marked\"").count(), 3);
    assert_eq!(svg.matches("class=\"tetrahedron blank\"").count(), 1);
    assert!(!svg.contains("class=\"stick"));
    // Sawah's sticks ("the throw is the number of light sides"): a 3 is three light sticks.
    let sticks = draw_with(&["twenty-squares/sawah", "--position", "-"], UR_POSITION);
    assert_eq!(sticks.matches("class=\"stick light\"").count(), 3);
    assert_eq!(sticks.matches("class=\"stick dark\"").count(), 1);
    assert!(!sticks.contains("tetrahedron"));
    // Pancha Keliya's six cowries: a 2 is two shells mouth up, four back up.
    let cowries = draw_with(
        &["cross-and-circle/pancha-keliya", "--position", "-"],
        r#"{"to_move":"light","throw":2,"pieces":{"light":[0,0,0],"dark":[0,0,0]}}"#,
    );
    assert_eq!(cowries.matches("class=\"cowrie mouth\"").count(), 2);
    assert_eq!(cowries.matches("class=\"cowrie back\"").count(), 4);
    assert!(!cowries.contains("class=\"stick"));
    // Light's position 4 is square 1 (`path light: 4..1, ...`): its piece is drawn in that cell,
    // the top left one, whose centre is half a cell in from the margin.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let piece = doc
        .descendants()
        .find(|n| {
            n.attribute("data-side") == Some("light") && n.attribute("data-place") == Some("4")
        })
        .unwrap();
    let circle = piece.children().find(|c| c.has_tag_name("circle")).unwrap();
    let square = doc
        .descendants()
        .find(|n| n.attribute("data-square") == Some("1"))
        .unwrap();
    let rect = square.children().find(|c| c.has_tag_name("rect")).unwrap();
    let x: i32 = rect.attribute("x").unwrap().parse().unwrap();
    let cx: i32 = circle.attribute("cx").unwrap().parse().unwrap();
    let width: i32 = rect.attribute("width").unwrap().parse().unwrap();
    assert!(
        cx > x && cx < x + width,
        "the piece on position 4 stands on square 1"
    );
}

/// A pinned piece is drawn at its point's base, marked `data-held`, with the stack that pins it
/// drawn above it (not over it).
#[test]
fn a_pinned_piece_is_drawn_under_the_piece_that_pins_it() {
    let position = r#"{"to_move": "black", "throw": null,
        "pieces": {"white": [5, 5, "off", "off", "off", "off", "off", "off", "off", "off", "off",
                             "off", "off", "off", "off"],
                   "black": [20, 16, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]},
        "held": {"black": [20]}}"#;
    let svg = draw_with(&["tables/plakoto", "--position", "-"], position);
    let doc = roxmltree::Document::parse(&svg).expect("the picture is valid XML");
    let group = |side: &str, place: &str| {
        doc.descendants()
            .find(|n| {
                n.attribute("data-side") == Some(side) && n.attribute("data-place") == Some(place)
            })
            .expect("the pieces are drawn")
    };
    let (held, holder) = (group("black", "20"), group("white", "5"));
    assert_eq!(held.attribute("data-held"), Some("true"));
    assert_eq!(holder.attribute("data-held"), None);
    let centres = |n: roxmltree::Node| -> Vec<(String, String)> {
        n.descendants()
            .filter(|c| c.has_tag_name("circle"))
            .map(|c| {
                (
                    c.attribute("cx").unwrap().into(),
                    c.attribute("cy").unwrap().into(),
                )
            })
            .collect()
    };
    let (under, over) = (centres(held), centres(holder));
    assert_eq!((under.len(), over.len()), (1, 2));
    assert!(
        over.iter().all(|c| !under.contains(c)),
        "{under:?} {over:?}"
    );
    assert_eq!(places(&svg, "black").len(), 15);
    assert_eq!(count(&places(&svg, "white"), "5"), 2);
}

/// Pieces still on their start stacks (`unstack first`) are marked `data-stacked` and drawn
/// piled on the first disc of their point, the unstacked ones along the point as ever.
#[test]
fn pieces_still_stacked_are_drawn_piled_on_the_first() {
    let position = r#"{"to_move": "white", "throw": null,
        "pieces": {"white": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6],
                   "black": [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]},
        "stacked": {"white": [1, 4, 6, 6]}}"#;
    let svg = draw_with(&["tables/kiz-tavlasi", "--position", "-"], position);
    let doc = roxmltree::Document::parse(&svg).expect("the picture is valid XML");
    let group = |place: &str| {
        doc.descendants()
            .find(|n| {
                n.attribute("data-side") == Some("white")
                    && n.attribute("data-place") == Some(place)
            })
            .expect("the pieces are drawn")
    };
    // Point 1: two pieces, one on the other; 2: two side by side; 4: three, one stacked; 6:
    // three, two stacked.
    let stacked = |place: &str| group(place).attribute("data-stacked");
    assert_eq!(
        [stacked("1"), stacked("2"), stacked("4"), stacked("6")],
        [Some("1"), None, Some("1"), Some("2")]
    );
    assert_eq!(group("6").attribute("data-count"), Some("3"));
    let centres = |place: &str| -> Vec<(i32, i32)> {
        group(place)
            .children()
            .filter(|c| c.has_tag_name("circle"))
            .map(|c| {
                let at = |a: &str| c.attribute(a).unwrap().parse::<i32>().unwrap();
                (at("cx"), at("cy"))
            })
            .collect()
    };
    // On point 2 the second disc stands a whole disc further on; on point 1 it overlaps the first.
    let (side_by_side, piled) = (centres("2"), centres("1"));
    let apart = |c: &[(i32, i32)]| (c[1].1 - c[0].1).abs();
    assert_eq!((side_by_side.len(), piled.len()), (2, 2));
    assert!(
        apart(&piled) < apart(&side_by_side) / 2,
        "{piled:?} {side_by_side:?}"
    );
    assert_eq!(centres("6").len(), 3);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let a = draw(&["senet/kendall", "--paths"]);
    let b = draw(&["senet/kendall", "--paths"]);
    assert_eq!(a, b);
}

/// A folder for one test's files, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("senet-draw-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_record_is_drawn_as_a_turn_left_it() {
    let dir = TempDir::new("record");
    let record = dir.path("game.json");
    let (code, _, stderr) = run(&[
        "play",
        "twenty-squares/ur",
        "--option",
        "pieces=2",
        "--players",
        "greedy,greedy",
        "--seed",
        "3",
        "--record",
        &record,
    ]);
    assert_eq!(code, 0, "{stderr}");
    // Turn 0 is the start: the same picture as the rules' own, with no throw.
    let start = draw(&["--record", &record, "--turn", "0"]);
    assert_eq!(start, draw(&["twenty-squares/ur", "--option", "pieces=2"]));
    // Turn 1: light has thrown once; the record's first throw is the one shown.
    let text = std::fs::read_to_string(&record).unwrap();
    let rec: serde_json::Value = serde_json::from_str(&text).unwrap();
    let first = rec["events"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|e| e["throw"]["value"].as_u64())
        .unwrap();
    let one = draw(&["--record", &record, "--turn", "1"]);
    assert_eq!(with_attr(&one, "data-throw"), [first.to_string()]);
    // The last turn is the end: every piece of the winner is off.
    let turns = rec["turns"].as_u64().unwrap().to_string();
    let winner = rec["result"]["winner"].as_str().unwrap();
    let out = dir.path("last.svg");
    let (code, stdout, _) = run(&["draw", "--record", &record, "--turn", &turns, "--out", &out]);
    assert_eq!((code, stdout.as_str()), (0, ""));
    let last = std::fs::read_to_string(&out).unwrap();
    assert_eq!(places(&last, winner), ["off", "off"]);
    // A turn past the end is refused, saying how many there are.
    let past = (rec["turns"].as_u64().unwrap() + 1).to_string();
    let (code, _, stderr) = run(&["draw", "--record", &record, "--turn", &past]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!("the game has {turns} turns")),
        "{stderr}"
    );
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    let out = senet()
        .args(["draw", "twenty-squares/ur", "--position", "-"])
        .write_stdin(r#"{"to_move":"light","throw":9,"pieces":{"light":[],"dark":[]}}"#)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let (code, _, stderr) = run(&["draw", "senet/base", "--turn", "3"]);
    assert_eq!(code, 2, "--turn needs --record: {stderr}");
    let (code, _, _) = run(&["draw", "no/such-rules"]);
    assert_eq!(code, 2);
}

// ---- snapshots, each looked at by eye ----------------------------------------------------------

#[test]
fn snapshot_senet_base() {
    insta::assert_snapshot!("senet_base", draw(&["senet/base"]));
}

#[test]
fn snapshot_ur_with_paths() {
    insta::assert_snapshot!("ur_paths", draw(&["twenty-squares/ur", "--paths"]));
}

#[test]
fn snapshot_hounds_and_jackals_lines() {
    insta::assert_snapshot!(
        "hounds_and_jackals_lines",
        draw(&["hounds-and-jackals/carnarvon-carter"])
    );
}

#[test]
fn snapshot_ur_position() {
    insta::assert_snapshot!(
        "ur_position",
        draw_with(&["twenty-squares/ur", "--position", "-"], UR_POSITION)
    );
}
