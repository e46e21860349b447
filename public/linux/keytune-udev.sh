#!/bin/sh
# Keytune: installs the udev rule that lets the person at the computer open Keytune's keyboards, mice and receivers
# from the browser (WebHID). Run as root:  sh keytune-udev.sh
# Options:
#   --root DIR   install under DIR instead of / (for packaging and tests); udev is not reloaded then
#   --print      print the rule and change nothing
set -eu

ROOT=/
PRINT=0
while [ $# -gt 0 ]; do
  case "$1" in
    --root)
      [ $# -ge 2 ] || { echo "keytune-udev: --root needs a directory" >&2; exit 2; }
      ROOT=$2
      shift 2
      ;;
    --root=*)
      ROOT=${1#--root=}
      shift
      ;;
    --print)
      PRINT=1
      shift
      ;;
    -h | --help)
      sed -n '2,6p' "$0" 2>/dev/null || true
      exit 0
      ;;
    *)
      echo "keytune-udev: unknown option $1" >&2
      exit 2
      ;;
  esac
done

rules() {
  cat <<'KEYTUNE_RULES'
# Keytune: lets the person at the computer open these keyboards, mice and receivers from the browser (WebHID).
# One line per model, by vendor and product id; wireless models also by their Bluetooth HID name.
# Cyber01
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1001", MODE="0660", TAG+="uaccess"
# Made68
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1002", MODE="0660", TAG+="uaccess"
# Made68Pro
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1003", MODE="0660", TAG+="uaccess"
# Made68Pro+
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1004", MODE="0660", TAG+="uaccess"
# Made68Ultra
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1005", MODE="0660", TAG+="uaccess"
# Made68Ultra+
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1006", MODE="0660", TAG+="uaccess"
# Mojo68RT
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2007", MODE="0660", TAG+="uaccess"
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:0416:2007.*", MODE="0660", TAG+="uaccess"
# Made84Pro
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1008", MODE="0660", TAG+="uaccess"
# Made84Ultra
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1009", MODE="0660", TAG+="uaccess"
# Made68Air
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="3854", ATTRS{idProduct}=="300a", MODE="0660", TAG+="uaccess"
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:3854:300A.*", MODE="0660", TAG+="uaccess"
# Lumi68
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="3854", ATTRS{idProduct}=="300b", MODE="0660", TAG+="uaccess"
# Real67
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="3854", ATTRS{idProduct}=="300c", MODE="0660", TAG+="uaccess"
# Magi60
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2020", MODE="0660", TAG+="uaccess"
# MagiPad
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2021", MODE="0660", TAG+="uaccess"
# MJ65
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2022", MODE="0660", TAG+="uaccess"
# Modern90
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2023", MODE="0660", TAG+="uaccess"
# Modern97
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2024", MODE="0660", TAG+="uaccess"
# Mojo68
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2025", MODE="0660", TAG+="uaccess"
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:0416:2025.*", MODE="0660", TAG+="uaccess"
# Mojo84
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2026", MODE="0660", TAG+="uaccess"
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:0416:2026.*", MODE="0660", TAG+="uaccess"
# MojoPad
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2027", MODE="0660", TAG+="uaccess"
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:0416:2027.*", MODE="0660", TAG+="uaccess"
# Pixel
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2028", MODE="0660", TAG+="uaccess"
# O2
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0416", ATTRS{idProduct}=="2029", MODE="0660", TAG+="uaccess"
# Mouse01
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="4040", MODE="0660", TAG+="uaccess"
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:34B7:4040.*", MODE="0660", TAG+="uaccess"
# Dongle01
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="4041", MODE="0660", TAG+="uaccess"
KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:34B7:4041.*", MODE="0660", TAG+="uaccess"
KEYTUNE_RULES
}

if [ "$PRINT" -eq 1 ]; then
  rules
  exit 0
fi

DIR="${ROOT%/}/etc/udev/rules.d"
FILE="$DIR/70-keytune.rules"
if [ "$ROOT" = "/" ] && [ "$(id -u)" -ne 0 ]; then
  echo "keytune-udev: run this as root, for example: sudo sh keytune-udev.sh" >&2
  exit 1
fi
mkdir -p "$DIR"
rules > "$FILE.tmp"
chmod 0644 "$FILE.tmp"
mv "$FILE.tmp" "$FILE"
echo "Installed $FILE"

if [ "$ROOT" = "/" ] && command -v udevadm >/dev/null 2>&1; then
  udevadm control --reload-rules
  udevadm trigger --subsystem-match=hidraw
  echo "udev reloaded: unplug the keyboard and plug it in again if the browser still cannot open it."
fi
