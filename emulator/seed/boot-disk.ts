/**
 * The seeded bootable image, built byte for byte (no download, no tool): a
 * raw disk of 320 KiB whose first sector is a real x86 MBR boot sector. A PC
 * BIOS (or QEMU's SeaBIOS) loads it at 0x7c00, it prints its banner through
 * BIOS teletype output (int 10h, AH=0Eh) and halts. The rest of the disk is
 * zeros. The same bytes every time, so the checksum is stable across seeds.
 */

export const BOOT_DISK_SIZE = 320 * 1024;
export const BOOT_BANNER = 'Booted the emulated cloud tiny disk. Halting.';

/** Real-mode code at 0x7c00; the banner follows it at offset 34 (0x7c22). */
const CODE = [
  0xfa, // cli
  0x31, 0xc0, // xor ax, ax
  0x8e, 0xd8, // mov ds, ax
  0x8e, 0xc0, // mov es, ax
  0x8e, 0xd0, // mov ss, ax
  0xbc, 0x00, 0x7c, // mov sp, 0x7c00
  0xfb, // sti
  0xbe, 0x22, 0x7c, // mov si, banner
  0xac, // print: lodsb
  0x08, 0xc0, // or al, al
  0x74, 0x09, // jz halt
  0xb4, 0x0e, // mov ah, 0x0e
  0xbb, 0x07, 0x00, // mov bx, 0x0007
  0xcd, 0x10, // int 0x10
  0xeb, 0xf2, // jmp print
  0xfa, // halt: cli
  0xf4, // hlt
  0xeb, 0xfc, // jmp halt
];

export function bootDisk(): Buffer {
  const disk = Buffer.alloc(BOOT_DISK_SIZE);
  Buffer.from(CODE).copy(disk, 0);
  disk.write(`${BOOT_BANNER}\r\n\0`, CODE.length, 'latin1');
  // The MBR signature the BIOS checks before jumping to the sector.
  disk[510] = 0x55;
  disk[511] = 0xaa;
  return disk;
}
