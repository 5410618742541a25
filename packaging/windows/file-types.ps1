# Raftwright's file types for the current Windows user (no administrator rights): run it
# from the unpacked dist\raftwright folder, next to raftwright-studio.exe.
#
#   powershell -ExecutionPolicy Bypass -File file-types.ps1           # register
#   powershell -ExecutionPolicy Bypass -File file-types.ps1 -Remove   # undo
#
# Declares the two types Raftwright defines and nothing else:
# - *.raftpack (a scenario pack) opens in Raftwright (its own ProgID, the default);
# - *.scenario.json (a scenario): Windows associates by the last extension only, so
#   Raftwright is added to .json's "Open with" list (OpenWithProgids) without becoming
#   the default program for every JSON file.
# Not tried on Windows yet (see README "Desktop application").
param([switch]$Remove)

$ErrorActionPreference = "Stop"
$Classes = "HKCU:\Software\Classes"
$Studio = Join-Path $PSScriptRoot "raftwright-studio.exe"
$Types = @(
    @{ ProgId = "Raftwright.Pack"; Name = "Raftwright scenario pack"; Extension = ".raftpack"; Default = $true;
       Mime = "application/vnd.raftwright.pack" },
    @{ ProgId = "Raftwright.Scenario"; Name = "Raftwright scenario"; Extension = ".json"; Default = $false;
       Mime = "application/vnd.raftwright.scenario+json" }
)

foreach ($type in $Types) {
    $progId = Join-Path $Classes $type.ProgId
    $extension = Join-Path $Classes $type.Extension
    if ($Remove) {
        Remove-Item -Path $progId -Recurse -ErrorAction SilentlyContinue
        Remove-ItemProperty -Path "$extension\OpenWithProgids" -Name $type.ProgId -ErrorAction SilentlyContinue
        if ($type.Default -and (Get-ItemProperty -Path $extension -ErrorAction SilentlyContinue).'(default)' -eq $type.ProgId) {
            Remove-Item -Path $extension -Recurse -ErrorAction SilentlyContinue
        }
        continue
    }
    New-Item -Path "$progId\shell\open\command" -Force | Out-Null
    Set-ItemProperty -Path $progId -Name "(default)" -Value $type.Name
    New-Item -Path "$progId\DefaultIcon" -Force | Out-Null
    Set-ItemProperty -Path "$progId\DefaultIcon" -Name "(default)" -Value "`"$Studio`",0"
    Set-ItemProperty -Path "$progId\shell\open\command" -Name "(default)" -Value "`"$Studio`" `"%1`""
    New-Item -Path "$extension\OpenWithProgids" -Force | Out-Null
    New-ItemProperty -Path "$extension\OpenWithProgids" -Name $type.ProgId -PropertyType String -Value "" -Force | Out-Null
    if ($type.Default) {
        Set-ItemProperty -Path $extension -Name "(default)" -Value $type.ProgId
        Set-ItemProperty -Path $extension -Name "Content Type" -Value $type.Mime
    }
}
# tell Explorer the associations changed
Add-Type -Namespace Win32 -Name Shell -MemberDefinition '[DllImport("shell32.dll")] public static extern void SHChangeNotify(int e, int f, System.IntPtr a, System.IntPtr b);'
[Win32.Shell]::SHChangeNotify(0x08000000, 0, [System.IntPtr]::Zero, [System.IntPtr]::Zero)
