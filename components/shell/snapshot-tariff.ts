"use client";
import { launchUserSnapshot } from "@/lib/client/account-snapshot";

/** The header badge's name before the tariff call answers: the tariff last seen on this device, else `free`. */
export const snapshotTariffName = (free: string): string => launchUserSnapshot().tariff ?? free;
