// navspan from C#: the C ABI (include/navspan/c/navspan.h) through
// P/Invoke. Opens a navigation file of any format navspan reads, locates a
// point, finds a path and prints it. Builds with Debian's mono-mcs and runs
// with mono (or .NET: the declarations are plain P/Invoke):
//
//   mcs -out:navspan-example.exe examples/csharp/NavspanExample.cs
//   LD_LIBRARY_PATH=build/test mono navspan-example.exe FILE [x,y,z [x,y,z]]
//
// Without points it takes the centres of the first and last polygons.
using System;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;

namespace Navspan
{
    // The declarations a C# program needs: one per C function used, the
    // structs laid out as in navspan.h.
    public static class Native
    {
        const string Lib = "navspan";  // libnavspan.so / navspan.dll / libnavspan.dylib

        public const uint NoPolygon = 0xFFFFFFFF;
        public const int Success = 0, NotFound = 35, NoPath = 36;

        [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Ansi)]
        public struct Error
        {
            public int Code;
            public ulong Offset;
            public IntPtr Record;
            public IntPtr Parent;
            public ulong ParentIndex;
            public ulong Value;
            public ulong Bound;
            [MarshalAs(UnmanagedType.ByValTStr, SizeConst = 320)]
            public string Message;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct Polygon
        {
            public uint IdPrimary, IdSecondary, Flags, Group, FirstCorner, CornerCount, FirstLink, LinkCount;
            public int Usable;
        }

        // navspan_bot_hiding_spot: one hiding spot of a Source or Source 2 bot analysis.
        [StructLayout(LayoutKind.Sequential)]
        public struct BotHidingSpot
        {
            public uint AreaIndex, AreaId, SpotId;
            public float X, Y, Z;
            public uint Flags;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct Location
        {
            public uint Polygon;
            public float X, Y, Z;
            public float Distance;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct PathRequest
        {
            public UIntPtr Size;
            public uint Start, Goal;
            public float StartX, StartY, StartZ;
            public float GoalX, GoalY, GoalZ;
            public IntPtr Cost, CostUser;
            public IntPtr Corridor;
            public UIntPtr CorridorCapacity;
            public IntPtr Waypoints;
            public UIntPtr WaypointCapacity;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct PathResult
        {
            public UIntPtr Size;
            public uint Start, Goal;
            public float StartX, StartY, StartZ;
            public float GoalX, GoalY, GoalZ;
            public float Cost;
            public UIntPtr CorridorCount, WaypointCount, Expanded;
        }

        [DllImport(Lib)] public static extern IntPtr navspan_version_string();
        [DllImport(Lib)] public static extern IntPtr navspan_result_string(int result);
        [DllImport(Lib)] public static extern IntPtr navspan_format_name(int format);
        [DllImport(Lib)] public static extern int navspan_open_path(byte[] path, IntPtr options, out IntPtr file, out Error error);
        [DllImport(Lib)] public static extern void navspan_close(IntPtr file);
        [DllImport(Lib)] public static extern int navspan_file_format(IntPtr file);
        [DllImport(Lib)] public static extern uint navspan_file_version(IntPtr file);
        [DllImport(Lib)] public static extern int navspan_mesh_create(IntPtr file, uint space, out IntPtr mesh, out Error error);
        [DllImport(Lib)] public static extern void navspan_mesh_destroy(IntPtr mesh);
        [DllImport(Lib)] public static extern uint navspan_mesh_polygon_count(IntPtr mesh);
        [DllImport(Lib)] public static extern int navspan_mesh_id_scheme(IntPtr mesh);
        [DllImport(Lib)] public static extern int navspan_mesh_polygons(IntPtr mesh, uint first, uint count, [Out] Polygon[] output);
        [DllImport(Lib)] public static extern int navspan_mesh_corners(IntPtr mesh, uint first, uint count, [Out] float[] xyz);
        [DllImport(Lib)] public static extern int navspan_locate(IntPtr mesh, float[] point, float heightTolerance, out Location output);
        [DllImport(Lib)] public static extern int navspan_nearest(IntPtr mesh, float[] point, float maxDistance, out Location output);
        [DllImport(Lib)] public static extern void navspan_path_request_init(ref PathRequest request);
        [DllImport(Lib)] public static extern int navspan_find_path(IntPtr mesh, IntPtr scratch, ref PathRequest request, ref PathResult result);
        [DllImport(Lib)] public static extern int navspan_bot_hiding_spots(IntPtr file, [Out] BotHidingSpot[] output, UIntPtr capacity, out UIntPtr count, out Error error);

        public static string Text(IntPtr p) { return Marshal.PtrToStringAnsi(p); }
    }

    public static class Example
    {
        static float[] ParsePoint(string text)
        {
            string[] parts = text.Split(',');
            if (parts.Length != 3) throw new ArgumentException("a point is written x,y,z: " + text);
            return new float[] {
                float.Parse(parts[0], CultureInfo.InvariantCulture),
                float.Parse(parts[1], CultureInfo.InvariantCulture),
                float.Parse(parts[2], CultureInfo.InvariantCulture) };
        }

        static string Fmt(float v) { return v.ToString("0.0", CultureInfo.InvariantCulture); }

        // The mean of a polygon's corners.
        static float[] Centre(IntPtr mesh, uint polygon)
        {
            var p = new Native.Polygon[1];
            Native.navspan_mesh_polygons(mesh, polygon, 1, p);
            var xyz = new float[3 * p[0].CornerCount];
            Native.navspan_mesh_corners(mesh, p[0].FirstCorner, p[0].CornerCount, xyz);
            var c = new float[3];
            for (int i = 0; i < xyz.Length; ++i) c[i % 3] += xyz[i] / p[0].CornerCount;
            return c;
        }

        static string Id(IntPtr mesh, uint polygon)
        {
            var p = new Native.Polygon[1];
            Native.navspan_mesh_polygons(mesh, polygon, 1, p);
            switch (Native.navspan_mesh_id_scheme(mesh))
            {
                case 0: return "area " + p[0].IdPrimary;
                case 1: return "node " + p[0].IdPrimary;
                case 2: return "group " + p[0].IdPrimary + " face " + p[0].IdSecondary;
                default: return "navmesh " + p[0].IdPrimary.ToString("X8") + " triangle " + p[0].IdSecondary;
            }
        }

        // The bot analysis's hiding spots: the count first (buffer_too_small
        // when there are any), then the rows into that much room.
        static void HidingSpots(IntPtr file)
        {
            UIntPtr count;
            Native.Error error;
            Native.navspan_bot_hiding_spots(file, null, UIntPtr.Zero, out count, out error);
            var spots = new Native.BotHidingSpot[(int)count.ToUInt32()];
            if (spots.Length > 0 &&
                Native.navspan_bot_hiding_spots(file, spots, count, out count, out error) != Native.Success)
            {
                Console.Error.WriteLine("navspan: " + error.Message);
                return;
            }
            string first = spots.Length > 0
                ? ", the first in area " + spots[0].AreaId + " at (" + Fmt(spots[0].X) + ", " + Fmt(spots[0].Y) + ", " + Fmt(spots[0].Z) + ")"
                : "";
            Console.WriteLine(spots.Length + " hiding spots" + first);
        }

        public static int Main(string[] args)
        {
            if (args.Length < 1)
            {
                Console.Error.WriteLine("usage: navspan-example FILE [x,y,z [x,y,z]]");
                return 2;
            }
            Console.WriteLine("libnavspan " + Native.Text(Native.navspan_version_string()));
            IntPtr file, mesh;
            Native.Error error;
            int r = Native.navspan_open_path(Encoding.UTF8.GetBytes(args[0] + "\0"), IntPtr.Zero, out file, out error);
            if (r != Native.Success)
            {
                Console.Error.WriteLine("navspan: " + args[0] + ": " + error.Message + " (code " + r + ", offset " + error.Offset + ")");
                return 1;
            }
            try
            {
                Console.WriteLine(args[0] + ": " + Native.Text(Native.navspan_format_name(Native.navspan_file_format(file))) +
                                  " version " + Native.navspan_file_version(file));
                HidingSpots(file);
                r = Native.navspan_mesh_create(file, 0, out mesh, out error);
                if (r != Native.Success)
                {
                    Console.Error.WriteLine("navspan: " + error.Message);
                    return 1;
                }
                try { return Navigate(mesh, args); }
                finally { Native.navspan_mesh_destroy(mesh); }
            }
            finally { Native.navspan_close(file); }
        }

        static int Navigate(IntPtr mesh, string[] args)
        {
            uint n = Native.navspan_mesh_polygon_count(mesh);
            Console.WriteLine(n + " polygons");
            if (n == 0) return 1;
            float[] from = args.Length > 1 ? ParsePoint(args[1]) : Centre(mesh, 0);
            float[] to = args.Length > 2 ? ParsePoint(args[2]) : Centre(mesh, n - 1);

            Native.Location at;
            int r = Native.navspan_locate(mesh, from, float.PositiveInfinity, out at);
            if (r == Native.NotFound) r = Native.navspan_nearest(mesh, from, float.MaxValue, out at);
            if (r != Native.Success)
            {
                Console.Error.WriteLine("locate: " + Native.Text(Native.navspan_result_string(r)));
                return 1;
            }
            Console.WriteLine("locate " + Fmt(from[0]) + "," + Fmt(from[1]) + "," + Fmt(from[2]) + ": " + Id(mesh, at.Polygon) +
                              " at (" + Fmt(at.X) + ", " + Fmt(at.Y) + ", " + Fmt(at.Z) + ")");

            // The corridor and waypoints go into arrays of ours, pinned for the call.
            var corridor = new uint[n];
            var waypoints = new float[3 * (n + 2)];
            GCHandle c = GCHandle.Alloc(corridor, GCHandleType.Pinned), w = GCHandle.Alloc(waypoints, GCHandleType.Pinned);
            try
            {
                var req = new Native.PathRequest();
                Native.navspan_path_request_init(ref req);
                req.StartX = from[0]; req.StartY = from[1]; req.StartZ = from[2];
                req.GoalX = to[0]; req.GoalY = to[1]; req.GoalZ = to[2];
                req.Corridor = c.AddrOfPinnedObject();
                req.CorridorCapacity = (UIntPtr)corridor.Length;
                req.Waypoints = w.AddrOfPinnedObject();
                req.WaypointCapacity = (UIntPtr)(waypoints.Length / 3);
                var res = new Native.PathResult();
                res.Size = (UIntPtr)Marshal.SizeOf(typeof(Native.PathResult));
                r = Native.navspan_find_path(mesh, IntPtr.Zero, ref req, ref res);
                if (r == Native.NoPath)
                {
                    Console.WriteLine("no path from " + Id(mesh, res.Start) + " to " + Id(mesh, res.Goal));
                    return 3;
                }
                if (r != Native.Success)
                {
                    Console.Error.WriteLine("find_path: " + Native.Text(Native.navspan_result_string(r)));
                    return 1;
                }
                ulong polygons = (ulong)res.CorridorCount, points = (ulong)res.WaypointCount;
                Console.WriteLine("path of " + polygons + " polygons, cost " + Fmt(res.Cost) + ": " +
                                  Id(mesh, corridor[0]) + " .. " + Id(mesh, corridor[polygons - 1]));
                for (ulong i = 0; i < points; ++i)
                    Console.WriteLine("  waypoint " + i + ": (" + Fmt(waypoints[3 * i]) + ", " + Fmt(waypoints[3 * i + 1]) + ", " +
                                      Fmt(waypoints[3 * i + 2]) + ")");
                return 0;
            }
            finally
            {
                c.Free();
                w.Free();
            }
        }
    }
}
