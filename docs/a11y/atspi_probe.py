#!/usr/bin/env python3
"""Reads Stackyard's accessibility tree the way Orca does, over AT-SPI (pyatspi), and prints
what a screen reader would find: the application, the board's grid and a few of its cells,
the controls' roles and names, and the announcement log. With --watch SECONDS it then waits
for the log to gain a line (a move made meanwhile, by hand, or typed into the move field by
xdotool with --type-move MOVE) and prints it. With
--press NAME it asks for the push button NAME's first action, as Orca's "activate" does, and
says whether a window of that name opened within 10 seconds.

Run it inside the desktop session the game runs in (README, "Accessibility"):
    python3 docs/a11y/atspi_probe.py [--watch 60]
It exits 1 when no application with a Stackyard window shows up within --wait seconds."""

import argparse
import subprocess
import sys
import time

import pyatspi


def walk(node, depth=0):
    """Every accessible under `node`, depth first, with its depth."""
    yield node, depth
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            yield from walk(child, depth + 1)


def find_window(wait):
    """The application whose frame is called Stackyard, waiting up to `wait` seconds."""
    deadline = time.time() + wait
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
        for app in apps:
            if app is None:
                continue
            for node, _ in walk(app):
                if node.getRoleName() in ("frame", "window") and "Stackyard" in (node.name or ""):
                    return app
        time.sleep(0.5)
    names = [a.name for a in apps if a is not None]
    print(f"no Stackyard window among the applications: {names}")
    return None


def log_lines(app):
    """The lines of the live log named Announcements, oldest first."""
    for node, _ in walk(app):
        if node.getRoleName() == "log":
            return [node.getChildAtIndex(i).name for i in range(node.childCount)]
    return None


def press(app, name):
    """Activates the push button `name` through AT-SPI and waits for a window of that name."""
    buttons = [n for n, _ in walk(app) if n.getRoleName() == "push button" and n.name == name]
    if not buttons:
        print(f"no push button {name!r}")
        return 1
    action = buttons[0].queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    print(f"{name!r} offers {names}; doAction(0) -> {action.doAction(0)}")
    deadline = time.time() + 10
    while time.time() < deadline:
        if any(n.name == name and n.getRoleName() in ("window", "frame", "dialog") for n, _ in walk(app)):
            print(f"a window {name!r} opened")
            return 0
        time.sleep(0.5)
    print(f"no window {name!r} opened within 10 s")
    return 1


def type_move(move):
    """N, the move, Return: typed into the game's window by xdotool."""
    window = subprocess.run(
        ["xdotool", "search", "--name", "Stackyard"], capture_output=True, text=True, check=True
    ).stdout.split()[0]
    for step in (["key", "n"], ["type", "--delay", "120", move], ["key", "Return"]):
        subprocess.run(["xdotool", "windowfocus", "--sync", window, *step], check=True)
        time.sleep(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wait", type=float, default=60.0)
    parser.add_argument("--watch", type=float, default=0.0)
    parser.add_argument("--press", default=None)
    parser.add_argument("--type-move", default=None)
    args = parser.parse_args()
    app = find_window(args.wait)
    if app is None:
        return 1
    # The window comes first; its contents once egui's first tree reaches the adapter.
    deadline = time.time() + args.wait
    while time.time() < deadline and not any(
        n.getRoleName() == "push button" for n, _ in walk(app)
    ):
        time.sleep(0.5)
    print(f"application: {app.name!r} ({app.childCount} window(s))")
    controls = 0
    for node, depth in walk(app):
        role = node.getRoleName()
        if role in ("table", "log"):
            print(f"{role}: {node.name!r}, {node.childCount} children")
        if role == "table cell" and node.name.startswith(("a8", "e5", "b2")):
            print(f"  cell: {node.name!r}")
        if role in ("push button", "check box", "combo box", "slider", "entry", "text"):
            controls += 1
            if controls <= 12:
                print(f"control: {role} {node.name!r}")
    print(f"controls: {controls}")
    if args.press:
        return press(app, args.press)
    before = log_lines(app)
    print(f"log: {before}")
    if args.type_move:
        type_move(args.type_move)
    if args.watch > 0:
        deadline = time.time() + args.watch
        while time.time() < deadline:
            now = log_lines(app)
            if now and now != before:
                print(f"log now: {now}")
                return 0
            time.sleep(0.5)
        print("the log did not change")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
